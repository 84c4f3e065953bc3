import { requestContext } from '@fastify/request-context';
import {
  type ActivityAction,
  type ActivityActor,
  type ActivityEntity,
  type LiveEvent,
  normalizeEmail,
  securityMessages,
} from '@shopdesk/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Insertable, Transaction } from 'kysely';
import type { Db, DbHandle, Engine } from '../../db/create-db';
import type { ActivityTable, Database } from '../../db/schema';
import type { RecordInHand, Unit } from '../../db/write-queue';
import type { ActivityDeclaration } from '../../lib/activity-declaration';
import { newId } from '../../lib/ids';
import type { EventBus } from '../events/event-bus';
import { eventsOfUnit } from '../events/live-events';
import { findTrash } from '../trash/trash.repository';
import { insertEntries } from './activity.repository';
import {
  changesBetween,
  type RecordSnapshot,
  readRecord,
  readRecordRow,
  readRecords,
  snapshotOfRow,
  tableOfRecord,
} from './record-kinds';

declare module '@fastify/request-context' {
  interface RequestContextData {
    /** The request whose handler is running (set for every request by the context plugin). */
    request: FastifyRequest;
    /** Its entry is written: a second unit of work in one request writes none. */
    recorded: boolean;
  }
}

/** The declaration of the request running now, if its route declares a change to log. */
function declarationOf(request: FastifyRequest | undefined): ActivityDeclaration | undefined {
  const declared = request?.routeOptions.config?.activity;
  return declared && !('none' in declared) ? declared : undefined;
}

interface Target {
  entity: ActivityEntity;
  /** Undefined for a create: the unit's answer names it. */
  id: string | undefined;
  name?: string;
}

/** Which record the request changes: by its path, the caller's own account, or a trash entry. */
async function targetOf(
  db: Db,
  declared: ActivityDeclaration,
  request: FastifyRequest,
  params: Record<string, string | undefined>,
): Promise<Target | undefined> {
  if (declared.entity !== 'trashed') {
    return { entity: declared.entity, id: declared.ownAccount ? request.caller?.id : params[declared.param ?? 'id'] };
  }
  const entry = await findTrash(db, params.trashId ?? '');
  if (!entry) return undefined;
  return { entity: entry.entity as ActivityEntity, id: entry.entity_id, name: entry.name };
}

/**
 * Reads the record a unit of work is about to change (its "before"). A record kept in one row
 * is also handed to the unit (RecordInHand, write-queue.ts), which may then say how it left the
 * row: `after()` is that row's snapshot, or undefined for the recorder to read it.
 */
async function watch(
  trx: Db,
  target: Target,
  hold: boolean,
): Promise<{ before: RecordSnapshot | null; hand?: RecordInHand; after: () => RecordSnapshot | undefined }> {
  const { entity, id } = target;
  const table = tableOfRecord(entity);
  if (id === undefined || table === undefined) {
    return { before: id === undefined ? null : await readRecord(trx, entity, id, hold), after: () => undefined };
  }
  const row = await readRecordRow(trx, entity, id, hold);
  let left: Record<string, unknown> | undefined;
  return {
    before: row ? snapshotOfRow(entity, row) : null,
    hand: {
      table,
      id,
      row,
      leftAs: (written) => {
        left = written;
      },
    },
    after: () => (left ? snapshotOfRow(entity, left) : undefined),
  };
}

/** The record a unit of work made, by what it answered: its id, or an object with one. */
function idAnswered(result: unknown): string | undefined {
  if (typeof result === 'string') return result;
  if (result && typeof result === 'object' && 'id' in result && typeof result.id === 'string') return result.id;
  return undefined;
}

interface EntryFacts {
  action: ActivityAction;
  entity: ActivityEntity;
  entityId: string;
  before: RecordSnapshot | null;
  after: RecordSnapshot | null;
  /** `{field: [before, after]}`, worked out once by the caller. */
  changes: Changes;
  /** Who, when the request has no signed-in caller to say it. */
  actor?: RecordSnapshot | null;
  /** The name when the record has none to give (a failed sign-in of no account: the address tried). */
  name?: string;
}

type Changes = ReturnType<typeof changesBetween>;

/**
 * Writes a unit's entries and collects their live events (api.md §14) in `sent`, which the bus
 * has once the unit has committed (runAnnounced): never for a change rolled back.
 */
async function writeEntries(trx: Db, bus: EventBus | undefined, rows: Insertable<ActivityTable>[], sent: LiveEvent[]) {
  const seqs = await insertEntries(trx, rows);
  if (!bus) return;
  const facts = rows.map((row, index) => ({
    seq: seqs[index] ?? 0,
    action: row.action,
    entity: row.entity,
    entityId: row.entity_id,
    entityName: row.entity_name,
    stockLow: row.stock_low ?? null,
  }));
  // An import that also made categories and option values: each kind's screens hear of it.
  const kinds = [...new Set(facts.map((fact) => fact.entity))];
  // In the order of their ids, as a replay sends them (live-events.ts).
  const events = kinds
    .flatMap((kind) => eventsOfUnit(facts.filter((fact) => fact.entity === kind)))
    .sort((a, b) => Number(a.id) - Number(b.id));
  sent.push(...events);
}

/** Runs a unit that writes entries; once it has committed, its events reach this server's listeners. */
function runAnnounced<T>(
  run: DbHandle['transaction'],
  bus: EventBus | undefined,
  unit: (trx: Transaction<Database>, sent: LiveEvent[]) => Promise<T>,
): Promise<T> {
  const sent: LiveEvent[] = [];
  return run((trx) => {
    sent.length = 0; // a unit run again (a batch retried) sends its events once
    return unit(trx, sent);
  }).then((result) => {
    bus?.committed(sent);
    return result;
  });
}

function isStatusChange(changes: Changes): boolean {
  const changed = Object.keys(changes);
  return changed.length === 1 && changed[0] === 'status';
}

/** Sign-ins change no field worth showing: their entries carry none. */
const withoutChanges = new Set<ActivityAction>(['signin', 'signin_failed']);

/** Who made a change and through what: the signed-in caller and the request, or a job's creator. */
export interface ChangeOrigin {
  actor: ActivityActor | null;
  requestId: string;
  ip: string;
}

function originOf(request: FastifyRequest): ChangeOrigin {
  const caller = request.caller;
  return {
    actor: caller ? { id: caller.id, name: caller.name, email: caller.email } : null,
    requestId: request.id,
    ip: request.ip,
  };
}

/** A product's low-stock line in a snapshot: its own threshold, or the shop's default. */
function isLow(snapshot: RecordSnapshot, lowStockDefault: number): boolean {
  const own = snapshot.fields.lowStockThreshold;
  return Number(snapshot.fields.countInStock) <= (typeof own === 'number' ? own : lowStockDefault);
}

/**
 * The stock after a change that took a product from above its low-stock line to at or below it
 * (api.md §15: `stock.low` once per crossing); null for any other change. A product made or put
 * back low has crossed nothing. Kept on the entry (`stock_low`), so its event replays as sent.
 */
export function stockLowOf(
  entity: ActivityEntity,
  before: RecordSnapshot | null,
  after: RecordSnapshot | null,
  lowStockDefault: number | undefined,
): number | null {
  if (entity !== 'product' || !before || !after || lowStockDefault === undefined) return null;
  return !isLow(before, lowStockDefault) && isLow(after, lowStockDefault) ? Number(after.fields.countInStock) : null;
}

function entryRow(
  origin: ChangeOrigin,
  at: string,
  facts: EntryFacts,
  lowStockDefault?: number,
): Insertable<ActivityTable> {
  const { before, after } = facts;
  // Who: the signed-in caller; for a sign-in, sign-up or accepted invitation, the account itself.
  const self = facts.actor !== undefined ? facts.actor : facts.entity === 'user' ? after : null;
  const actor =
    origin.actor ?? (self ? { id: facts.entityId, name: self.name, email: String(self.fields.email ?? '') } : null);
  return {
    id: newId(),
    at,
    actor_id: actor?.id ?? null,
    actor_name: actor?.name ?? '',
    actor_email: actor?.email ?? '',
    action: facts.action,
    entity: facts.entity,
    entity_id: facts.entityId,
    entity_name: (after ?? before)?.name ?? facts.name ?? '',
    changes: JSON.stringify(withoutChanges.has(facts.action) ? {} : facts.changes),
    request_id: origin.requestId,
    ip: origin.ip,
    stock_low: stockLowOf(facts.entity, before, after, lowStockDefault),
  };
}

/** A change of several records of one kind (bulk edit, import), as its route or job declares it. */
export interface ChangeOfMany {
  action: ActivityAction;
  entity: ActivityEntity;
}

/** The records of one kind a unit of work changes, and how their entries are declared. */
export interface RecordsOfKind {
  change: ChangeOfMany;
  /** Ids of `change.entity`; a record the unit creates is named by the id it will get. */
  records: readonly string[];
}

/**
 * Runs `unit` between two reads of each group's records and writes one entry per record that
 * changed, in the unit's own transaction. A record left as it was writes none: importing a file
 * just exported logs nothing.
 */
async function recordMany<T>(
  trx: Transaction<Database>,
  /** Hold the records read before the unit until it commits (record-kinds.ts). */
  hold: boolean,
  origin: ChangeOrigin,
  at: string,
  groups: readonly RecordsOfKind[],
  unit: Unit<T>,
  announce: (rows: Insertable<ActivityTable>[]) => Promise<void>,
  lowStockDefault: number | undefined,
): Promise<T> {
  const before: Array<Map<string, RecordSnapshot>> = [];
  for (const group of groups) before.push(await readRecords(trx, group.change.entity, group.records, hold));
  const result = await unit(trx);
  const rows: Insertable<ActivityTable>[] = [];
  for (const [index, { change, records }] of groups.entries()) {
    if (records.length === 0) continue;
    const after = await readRecords(trx, change.entity, records, false);
    for (const id of new Set(records)) {
      const was = before[index]?.get(id) ?? null;
      const is = after.get(id) ?? null;
      const changes = changesBetween(was, is);
      if (Object.keys(changes).length === 0) continue;
      rows.push(entryRow(origin, at, { ...change, entityId: id, before: was, after: is, changes }, lowStockDefault));
    }
  }
  await announce(rows);
  return result;
}

/**
 * A unit of work of a job (an import running on whichever server picked it up): its changes are
 * logged as its declaration says, under the job's creator, as a request's would be.
 */
export function recordJobUnit<T>(
  db: Recording,
  origin: ChangeOrigin,
  groups: readonly RecordsOfKind[],
  unit: Unit<T>,
): Promise<T> {
  const at = new Date(db.clock()).toISOString();
  return runAnnounced(db.transaction, db.bus, (trx, sent) =>
    recordMany(
      trx,
      holdsBefore(db.engine),
      origin,
      at,
      groups,
      unit,
      (rows) => writeEntries(trx, db.bus, rows, sent),
      db.lowStockDefault,
    ),
  );
}

/**
 * Whether the read before a change holds the record until it commits: on PostgreSQL, where
 * requests change records side by side; SQLite runs one unit of work at a time (the write queue).
 */
const holdsBefore = (engine: Engine) => engine === 'postgres';

/** What the recorder writes with: the database's units of work, and what an entry needs besides. */
export interface Recording {
  transaction: DbHandle['transaction'];
  /** Which engine runs them: whether a record is held between its two reads (holdsBefore). */
  engine: Engine;
  clock: () => number;
  /** Where committed changes' live events go (api.md §14). */
  bus?: EventBus | undefined;
  /** The shop's low-stock line (LOW_STOCK_THRESHOLD): a product's change that crosses it is marked. */
  lowStockDefault?: number | undefined;
}

/** What a unit of work tells the recorder: the records it changes, when its route declares `many`. */
export interface UnitChanges {
  records: readonly string[];
}

/** `ctx.transaction`: a unit of work, and (routes declaring `many`) the records it changes. */
export type RecordedTransaction = <T>(unit: Unit<T>, changes?: UnitChanges) => Promise<T>;

/**
 * The one place the activity log is written (api.md §11). Every write request's changes run as
 * a unit of work through `ctx.transaction`; this wraps it. When the running request's route
 * declares `config.activity`, its first unit reads the record before, runs, reads it after and
 * writes the entry, all inside the unit's own transaction: a unit that fails or is rolled back
 * leaves no entry, and no committed change is left without one. Which request is running comes
 * from @fastify/request-context (the request is captured when the unit is queued, not when it
 * runs: on SQLite the write queue runs units later, outside the request's own async context).
 */
export function recordingTransactions(db: Recording): RecordedTransaction {
  const { transaction: run, clock, bus, lowStockDefault } = db;
  const hold = holdsBefore(db.engine);
  return (unit, changes) => {
    const request = requestContext.get('request');
    const declared = declarationOf(request);
    if (!request || !declared || requestContext.get('recorded')) return run(unit);
    requestContext.set('recorded', true);
    if (declared.many) {
      const { entity } = declared;
      if (!changes || entity === 'trashed') {
        throw new Error(`${request.routeOptions.url}: a route declaring many records names them when it runs its unit`);
      }
      const change = { action: declared.action, entity };
      const at = new Date(clock()).toISOString();
      return runAnnounced(run, bus, (trx, sent) =>
        recordMany(
          trx,
          hold,
          originOf(request),
          at,
          [{ change, records: changes.records }],
          unit,
          (rows) => writeEntries(trx, bus, rows, sent),
          lowStockDefault,
        ),
      );
    }
    const params = request.params as Record<string, string | undefined>;
    return runAnnounced(run, bus, async (trx, sent) => {
      const target = await targetOf(trx, declared, request, params);
      // A trash entry that is not there: the unit finds nothing to change either.
      if (!target) return unit(trx);
      const { before, hand, after: leftAs } = await watch(trx, target, hold);
      const result = await unit(trx, hand);
      const entityId = target.id ?? idAnswered(result) ?? '';
      const after = leftAs() ?? (await readRecord(trx, target.entity, entityId, false));
      const changes = changesBetween(before, after);
      const row = entryRow(
        originOf(request),
        new Date(clock()).toISOString(),
        {
          action: declared.statusOnly && isStatusChange(changes) ? 'status' : declared.action,
          entity: target.entity,
          entityId,
          before,
          after,
          changes,
          ...(target.name === undefined ? {} : { name: target.name }),
        },
        lowStockDefault,
      );
      await writeEntries(trx, bus, [row], sent);
      return result;
    });
  };
}

/**
 * A refused attempt that its route declares worth logging (a failed sign-in): one entry of its
 * own, written before the refusal is answered. It names the account the attempt was for when
 * there is one; the actor is null otherwise.
 */
export async function recordRefusal(
  run: DbHandle['transaction'],
  clock: () => number,
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  findAccount: (db: Db, email: string) => Promise<{ id: string } | undefined>,
) {
  const declared = declarationOf(request);
  if (!declared?.refused || reply.statusCode !== 401) return;
  // The right password of an account with two-step sign-in, sent without its code: a prompt
  // for the code, not a failed attempt.
  if (typeof payload === 'string' && payload.includes(securityMessages.otpRequired)) return;
  const body = request.body as { email?: unknown } | undefined;
  const email = typeof body?.email === 'string' ? normalizeEmail(body.email.slice(0, 200)) : '';
  await run(async (trx) => {
    const account = email ? await findAccount(trx, email) : undefined;
    const snapshot = account ? await readRecord(trx, 'user', account.id, false) : null;
    // A refusal changes nothing: no live event.
    await insertEntries(trx, [
      entryRow(originOf(request), new Date(clock()).toISOString(), {
        action: declared.refused ?? 'signin_failed',
        entity: 'user',
        entityId: account?.id ?? '',
        before: snapshot,
        after: null,
        changes: {},
        actor: snapshot,
        name: email,
      }),
    ]);
  });
}
