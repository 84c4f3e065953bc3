import {
  type SavedView,
  type savedViewBodySchema,
  type savedViewChangeSchema,
  staffMessages,
  type ViewScreen,
  viewMessages,
} from '@shopdesk/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Caller } from '../../lib/caller';
import { conflict, forbidden, notFound } from '../../lib/http-error';
import { newId, nowIso } from '../../lib/ids';
import * as repo from './views.repository';

const toView = (row: repo.ViewRow): SavedView => ({
  id: row.id,
  name: row.name,
  screen: row.screen as ViewScreen,
  query: JSON.parse(row.query) as Record<string, string>,
  shared: row.shared === 1,
  ownerId: row.owner_id,
});

const nameKey = (name: string) => name.toLocaleLowerCase('en');

export async function listViews(ctx: AppContext, caller: Caller, screen: ViewScreen | undefined) {
  return (await repo.listVisibleViews(ctx.db, caller.id, screen)).map(toView);
}

/**
 * The view, when the caller may see it: their own, or shared. Another member's own view does
 * not exist for them (404, as an unknown id).
 */
async function visibleView(ctx: AppContext, caller: Caller, id: string): Promise<repo.ViewRow> {
  const row = await repo.findView(ctx.db, id);
  if (!row || (row.owner_id !== caller.id && row.shared !== 1)) throw notFound(viewMessages.notFound);
  return row;
}

/** Changing or deleting: the owner, or for a shared view anyone with `staff:manage`. */
function assertMayChange(caller: Caller, row: repo.ViewRow) {
  if (row.owner_id !== caller.id && !caller.permissions.has('staff:manage')) {
    throw forbidden(staffMessages.noPermission);
  }
}

async function assertNameFree(ctx: AppContext, ownerId: string, screen: string, name: string, except = '') {
  if (await repo.nameTaken(ctx.db, ownerId, screen, nameKey(name), except))
    throw conflict(viewMessages.nameTaken(name));
}

/** Two saves of one name at once: the unique index refuses the second; answer as a taken name. */
async function saving<T>(check: () => Promise<void>, unit: () => Promise<T>): Promise<T> {
  await check();
  try {
    return await unit();
  } catch (error) {
    await check();
    throw error;
  }
}

export async function createView(ctx: AppContext, caller: Caller, body: z.output<typeof savedViewBodySchema>) {
  const id = newId();
  const now = nowIso(ctx.clock);
  await saving(
    () => assertNameFree(ctx, caller.id, body.screen, body.name),
    () =>
      ctx.transaction(async (trx) => {
        await repo.insertView(trx, {
          id,
          owner_id: caller.id,
          screen: body.screen,
          name: body.name,
          name_key: nameKey(body.name),
          query: JSON.stringify(body.query),
          shared: body.shared ? 1 : 0,
          created_at: now,
          updated_at: now,
        });
        return id;
      }),
  );
  return toView(await visibleView(ctx, caller, id));
}

export async function changeView(
  ctx: AppContext,
  caller: Caller,
  id: string,
  body: z.output<typeof savedViewChangeSchema>,
): Promise<SavedView> {
  const row = await visibleView(ctx, caller, id);
  assertMayChange(caller, row);
  const name = body.name ?? row.name;
  await saving(
    () => assertNameFree(ctx, row.owner_id, row.screen, name, id),
    () =>
      ctx.transaction((trx) =>
        repo.updateView(trx, id, {
          name,
          name_key: nameKey(name),
          ...(body.query === undefined ? {} : { query: JSON.stringify(body.query) }),
          ...(body.shared === undefined ? {} : { shared: body.shared ? 1 : 0 }),
          updated_at: nowIso(ctx.clock),
        }),
      ),
  );
  return toView(await visibleView(ctx, caller, id));
}

export async function deleteView(ctx: AppContext, caller: Caller, id: string) {
  const row = await visibleView(ctx, caller, id);
  assertMayChange(caller, row);
  await ctx.transaction((trx) => repo.deleteView(trx, id));
  return { success: true as const, message: viewMessages.deleted };
}
