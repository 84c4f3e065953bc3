/**
 * The property-based API fuzzer: what Schemathesis does, from the npm registry (PyPI is not
 * reachable here). Not part of `npm test`; CI runs it after the PostgreSQL pass.
 *
 *   npx tsx apps/api/test/openapi/fuzz.ts [--examples N] [--seed N]      (npm run test:fuzz)
 *
 * Starts the production server (its own fresh build, SQLite, the demo shop), reads its
 * description (GET /api/docs/json) and, for every operation, sends N generated requests (default
 * 25) with the owner's bearer token and N without: path ids taken from the shop or generated,
 * query and body generated from the operation's schemas with fast-check (mostly valid, some off
 * the schema), uploads as real and broken images. Each answer must be no 5xx and one the document
 * declares: its status, its media type and its body against the declared schema. Prints the
 * number of examples and every failure (first failing example per operation and caller, as
 * fast-check found it), and exits 1 on any failure.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import sharp from 'sharp';
import { buildServerBundle, spawnServer } from '../server-process';
import {
  AnswerChecker,
  type DocumentedOperation,
  inlineRefs,
  type JsonSchema,
  type OpenApiDocument,
  operationsOf,
} from './document';
import { arbitraryOf, offSchemaOf } from './schema-arbitrary';

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} needs a positive whole number`);
  return value;
}
const examples = option('examples', 25);
const seed = option('seed', 20261126);

const ownerEmail = 'owner@fuzz.test';
const ownerPassword = 'fuzz-owner-password-1';

type Body = { kind: 'json'; value: unknown } | { kind: 'multipart'; files: Uint8Array[] };
interface Plan {
  path: Record<string, string>;
  query: Record<string, string | undefined>;
  body?: Body;
}

/** Which ids a path's `{id}` may take from the shop: the records its own list answers. */
type KnownIds = Map<string, string[]>;

function planOf(documented: DocumentedOperation, document: OpenApiDocument, ids: KnownIds, images: Uint8Array[]) {
  const parameters = documented.operation.parameters ?? [];
  const pathModel: Record<string, fc.Arbitrary<string>> = {};
  const queryModel: Record<string, fc.Arbitrary<string | undefined>> = {};
  for (const parameter of parameters) {
    const generated = arbitraryOf(inlineRefs(parameter.schema, document) as JsonSchema).map(String);
    if (parameter.in === 'path') {
      const known = ids.get(documented.path.replace(`/{${parameter.name}}`, '')) ?? [];
      pathModel[parameter.name] =
        known.length > 0
          ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: generated })
          : generated;
    } else if (parameter.in === 'query') {
      const value = fc.oneof(
        { weight: 4, arbitrary: generated },
        { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
      );
      queryModel[parameter.name] = parameter.required ? value : fc.option(value, { nil: undefined });
    }
  }
  const content = documented.operation.requestBody?.content ?? {};
  let body: fc.Arbitrary<Body | undefined> = fc.constant(undefined);
  if (content['multipart/form-data']) {
    const file = fc.oneof(fc.constantFrom(...images), fc.uint8Array({ maxLength: 64 }));
    body = fc.array(file, { maxLength: 3 }).map((files) => ({ kind: 'multipart' as const, files }));
  } else if (content['application/json']) {
    const schema = inlineRefs(content['application/json'].schema, document) as JsonSchema;
    body = fc
      .oneof({ weight: 4, arbitrary: arbitraryOf(schema) }, { weight: 1, arbitrary: offSchemaOf(schema) })
      .map((value) => ({ kind: 'json' as const, value }));
  }
  return fc.record({ path: fc.record(pathModel), query: fc.record(queryModel), body });
}

function urlOf(documented: DocumentedOperation, plan: Plan): string {
  const filled = documented.path.replace(/\{(\w+)\}/g, (_all, name: string) =>
    encodeURIComponent(plan.path[name] ?? ''),
  );
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(plan.query)) if (value !== undefined) query.set(name, value);
  return query.size > 0 ? `${filled}?${query}` : filled;
}

function requestOf(plan: Plan, token: string | undefined): RequestInit {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (plan.body?.kind === 'json') {
    headers['content-type'] = 'application/json';
    return { headers, body: JSON.stringify(plan.body.value) ?? 'null' };
  }
  if (plan.body?.kind === 'multipart') {
    const form = new FormData();
    plan.body.files.forEach((bytes, index) => {
      form.append('images', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), `image-${index}.png`);
    });
    return { headers, body: form };
  }
  return { headers };
}

/** Session-ending calls run after every other authenticated one, and sign-in's kin last (its throttle). */
function phaseOf({ method, path: route }: DocumentedOperation): number {
  if (/^\/api\/user\/(signin|signup|forgotPassword|resetPassword|authWithGoogle)$/.test(route)) return 4;
  if (route === '/api/user/logout') return 3;
  if (route.startsWith('/api/user/sessions') && method === 'DELETE') return 2;
  return method === 'GET' ? 0 : method === 'DELETE' ? 1.5 : 1;
}

function firstIds(value: unknown, into: string[] = []): string[] {
  if (into.length >= 5) return into;
  if (Array.isArray(value)) for (const item of value) firstIds(item, into);
  else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.id === 'string' && !into.includes(record.id)) into.push(record.id);
    for (const item of Object.values(record)) if (item && typeof item === 'object') firstIds(item, into);
  }
  return into;
}

interface Failure {
  operation: string;
  caller: string;
  detail: string;
}

async function main(): Promise<number> {
  const started = Date.now();
  const build = await buildServerBundle();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-fuzz-'));
  const server = await spawnServer(build.entry, {
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ownerEmail,
    ADMIN_PASSWORD: ownerPassword,
    SEED: 'demo',
    LOG_LEVEL: 'error',
  });
  const failures: Failure[] = [];
  let sent = 0;
  const statuses = new Map<number, number>();
  try {
    const call = (url: string, init: RequestInit & { method: string }) =>
      fetch(server.baseUrl + url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(15_000) });
    const signIn = async () => {
      const res = await call('/api/user/signin', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: ownerEmail, password: ownerPassword }),
      });
      if (res.status !== 200) throw new Error(`owner sign-in failed: ${res.status} ${await res.text()}`);
      return (await res.json()) as { token: string; user: { id: string } };
    };
    const owner = await signIn();
    let token = owner.token;
    const document = (await (await call('/api/docs/json', { method: 'GET' })).json()) as OpenApiDocument;
    const checker = new AnswerChecker(document);
    const operations = operationsOf(document).sort((a, b) => phaseOf(a) - phaseOf(b));

    // Ids the shop really has, per list: path ids are drawn from them (and generated).
    const ids: KnownIds = new Map();
    for (const { method, path: route } of operations) {
      if (method !== 'GET' || route.includes('{') || route.startsWith('/api/docs')) continue;
      const res = await call(route, { method: 'GET', headers: { authorization: `Bearer ${token}` } });
      if (res.headers.get('content-type')?.startsWith('application/json')) ids.set(route, firstIds(await res.json()));
    }
    for (const route of ['/api/user', '/api/user/changePassword']) ids.set(route, [owner.user.id]);
    const images = [
      await sharp({ create: { width: 3, height: 2, channels: 3, background: '#c33' } })
        .png()
        .toBuffer(),
      await sharp({ create: { width: 2, height: 2, channels: 3, background: '#3c3' } })
        .jpeg()
        .toBuffer(),
    ].map((buffer) => new Uint8Array(buffer));

    console.log(
      `== API fuzzer: ${operations.length} operations × 2 callers (owner token, anonymous), ` +
        `${examples} examples each, seed ${seed}`,
    );
    for (const documented of operations) {
      const name = `${documented.method} ${documented.path}`;
      const counts: string[] = [];
      const operationStarted = Date.now();
      for (const caller of ['owner', 'anonymous'] as const) {
        let runs = 0;
        const property = fc.asyncProperty(planOf(documented, document, ids, images), async (plan) => {
          runs += 1;
          const url = urlOf(documented, plan);
          const request = { method: documented.method, ...requestOf(plan, caller === 'owner' ? token : undefined) };
          let res: Response;
          try {
            res = await call(url, request);
          } catch (error) {
            throw new Error(`no answer to ${documented.method} ${url}: ${String(error)}`);
          }
          // A live event stream (GET /api/events) has no end to read: its status and type are checked.
          const isStream = res.headers.get('content-type')?.startsWith('text/event-stream');
          if (isStream) await res.body?.cancel();
          const body = isStream ? '' : await res.text();
          sent += 1;
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          const problems = res.status >= 500 ? [`server error ${res.status}`] : [];
          problems.push(
            ...checker.problems(documented, {
              status: res.status,
              contentType: res.headers.get('content-type') ?? undefined,
              body: documented.method === 'HEAD' ? '' : body,
            }),
          );
          if (problems.length > 0) {
            const sentBody =
              plan.body?.kind === 'json'
                ? String(JSON.stringify(plan.body.value)).slice(0, 500)
                : plan.body
                  ? `multipart, ${plan.body.files.length} file(s)`
                  : '(none)';
            throw new Error(
              `${documented.method} ${url} body ${sentBody}\n` +
                `  -> ${res.status} ${body.slice(0, 300)}\n  ${problems.join('\n  ')}`,
            );
          }
        });
        const result = await fc.check(property, { numRuns: examples, seed, endOnFailure: true });
        if (result.failed) {
          const error =
            result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
          failures.push({ operation: name, caller, detail: error });
        }
        counts.push(`${caller} ${runs}${result.failed ? ' FAIL' : ''}`);
        // A fuzzed call may end the owner's session (its own session id, logout): sign in again.
        if (caller === 'owner') {
          const check = await call('/api/user/get/count', {
            method: 'GET',
            headers: { authorization: `Bearer ${token}` },
          });
          await check.arrayBuffer();
          if (check.status === 401) token = (await signIn()).token;
        }
      }
      console.log(`  ${name.padEnd(44)} ${counts.join(', ').padEnd(26)} ${Date.now() - operationStarted} ms`);
    }
    const health = await call('/api/health', { method: 'GET' });
    if (health.status !== 200)
      failures.push({ operation: 'GET /api/health', caller: 'after', detail: `${health.status}` });
  } finally {
    server.process.kill('SIGTERM');
    await server.exited();
    if (failures.length > 0)
      console.log(`\n-- server log (errors, last 3000 characters) --\n${server.output().slice(-3000)}`);
    build.remove();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const byStatus = [...statuses.entries()].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`);
  console.log(`\nanswers by status: ${byStatus.join(' ')}`);
  for (const failure of failures) console.log(`\nFAIL ${failure.operation} (${failure.caller})\n  ${failure.detail}`);
  const serverErrors = [...statuses.entries()].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0);
  console.log(
    `\napi fuzz: ${sent} examples in ${((Date.now() - started) / 1000).toFixed(1)} s, ` +
      `${serverErrors} server errors, ${failures.length} failing operations`,
  );
  return failures.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error('FAIL  the fuzz run itself failed:', error);
    process.exit(1);
  },
);
