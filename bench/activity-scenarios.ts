import type { Context, LoadBase } from './context';
import { oneClient, request } from './load';
import { orderUpdates } from './order-updates';
import { int, ms, type Row } from './report';
import { benchOwner, startLogCostServer } from './servers';

interface Entry {
  at: string;
  actor: { id: string } | null;
  action: string;
  entity: string;
  entityId: string;
}

const cycle = <T>(items: T[]) => {
  let i = 0;
  return () => items[i++ % items.length] as T;
};

const dayMs = 86_400_000;

/**
 * Issue 18, the activity log (api.md §11) at the store's size (1,000,000 entries by default):
 * each filter of the Activity screen, first page of 50, one client; the filter values are
 * read from the log itself and cycled (several actors, every action and entity, many records,
 * windows over the whole year). What writing an entry costs is logCost's, run once the store's
 * own server has stopped.
 */
export async function activityScenarios(c: Context, base: LoadBase): Promise<Row[]> {
  const headers = base.headers;
  const rows: Row[] = [];
  const page = async (query: string) => {
    const res = await request(`${c.server.baseUrl}/api/activity?${query}`, { headers });
    if (res.status !== 200) throw new Error(`GET /api/activity?${query} answered ${res.status}: ${res.body}`);
    return (JSON.parse(res.body) as { entries: Entry[] }).entries;
  };

  c.log('activity log: reading the filter values from the log...');
  const newest = await page('limit=200');
  const entities = [...new Set(['product', 'order', 'user', 'category', ...newest.map((e) => e.entity)])];
  const records: Entry[] = [];
  for (const entity of ['product', 'order', 'category', 'user'])
    records.push(...(await page(`entity=${entity}&limit=50`)));
  const actorIds = new Set<string>();
  for (const e of [...newest, ...(await page('action=signin&limit=100'))]) if (e.actor) actorIds.add(e.actor.id);
  const actors = [...actorIds];
  const actions = ['status', 'update', 'create', 'delete', 'restore', 'purge', 'import', 'bulk', 'signin'];
  actions.push('signin_failed', 'role', 'invite');
  const withId = records.filter((e) => e.entityId !== '');
  // The seed spreads the log over the last 330 days (apps/api/src/db/seed/seed-activity.ts).
  const firstDay = Date.now() - 330 * dayMs;
  const window = (days: number) => {
    const from = firstDay + Math.random() * (Date.now() - firstDay - days * dayMs);
    return `from=${new Date(from).toISOString()}&to=${new Date(from + days * dayMs).toISOString()}`;
  };
  if (actors.length === 0 || withId.length === 0) {
    throw new Error('The activity log of the bench store is empty: seed it with --activity N');
  }

  const filters: Array<[string, () => string]> = [
    ['no filter', () => '/api/activity?limit=50'],
    [
      'by actor',
      (
        (next) => () =>
          `/api/activity?actor=${next()}&limit=50`
      )(cycle(actors)),
    ],
    [
      'by action',
      (
        (next) => () =>
          `/api/activity?action=${next()}&limit=50`
      )(cycle(actions)),
    ],
    [
      'by entity',
      (
        (next) => () =>
          `/api/activity?entity=${next()}&limit=50`
      )(cycle(entities)),
    ],
    [
      'by entity and entityId',
      ((next) => () => {
        const e = next();
        return `/api/activity?entity=${e.entity}&entityId=${e.entityId}&limit=50`;
      })(cycle(withId)),
    ],
    [
      'by a from/to window (a day or a week, anywhere in the year)',
      (
        (next) => () =>
          `/api/activity?${window(next())}&limit=50`
      )(cycle([1, 7])),
    ],
    [
      'one record’s history, GET /api/activity/{entity}/{id}',
      ((next) => () => {
        const e = next();
        return `/api/activity/${e.entity}/${e.entityId}?limit=50`;
      })(cycle(withId)),
    ],
  ];
  const budget = 50 * c.latency;
  for (const [name, path] of filters) {
    c.log(`activity log, first page ${name}...`);
    const r = await oneClient(() => `${c.server.baseUrl}${path()}`, headers, 200);
    rows.push({
      scenario: `activity, first page of 50 ${name} (one client)`,
      figure: `median ${ms(r.median)}, p95 ${ms(r.p95)}`,
      budget: `p95 ≤ ${budget} ms`,
      pass: r.failures === 0 && r.p95 <= budget,
      data: { example: path(), ...r },
    });
  }

  return rows;
}

/** Rounds of the log's cost: each runs the server with the log off, then on. */
const costRounds = 2;

/**
 * What writing the entry costs the order status update (budget: ≤ +20% on its p99), measured in
 * this run: the same server from one launcher (bench/log-cost-server.ts) with the log off, then
 * on, for `costRounds` rounds, alternating so that a machine growing busier weighs on both
 * sides; each side's best round (its lowest p99) is compared. One server at a time, with the
 * store's own server stopped: on SQLite a second process would contend for the file's write lock.
 */
export async function logCost(c: Pick<Context, 'storeEnv' | 'seconds' | 'latency' | 'log'>): Promise<Row[]> {
  type Run = { p99: number; rps: number; failures: number };
  const runs: Record<'off' | 'on', Run[]> = { off: [], on: [] };
  for (let round = 1; round <= costRounds; round += 1) {
    for (const side of ['off', 'on'] as const) {
      c.log(`order status updates, activity log ${side} (round ${round} of ${costRounds})...`);
      const server = await startLogCostServer(c.storeEnv, side === 'on');
      try {
        const signin = await request(`${server.baseUrl}/api/user/signin`, {
          method: 'POST',
          body: JSON.stringify({ ...benchOwner, isAdmin: true }),
        });
        const token = (JSON.parse(signin.body) as { token?: string }).token;
        if (!token) throw new Error(`sign-in on the log cost server answered ${signin.status}: ${signin.body}`);
        const headers = { authorization: `Bearer ${token}` };
        const row = await orderUpdates(
          { server, latency: c.latency },
          { seconds: c.seconds, warmupSeconds: 3, headers },
        );
        runs[side].push(row.data as Run);
      } finally {
        await server.stop();
      }
    }
  }
  const bestOf = (side: Run[]) => side.reduce((a, b) => (b.p99 < a.p99 || (b.p99 === a.p99 && b.rps > a.rps) ? b : a));
  const failures = [...runs.off, ...runs.on].reduce((sum, run) => sum + run.failures, 0);
  const off = bestOf(runs.off);
  const on = bestOf(runs.on);
  const increase = ((on.p99 - off.p99) / off.p99) * 100;
  return [
    {
      scenario: 'activity: order status update with the log vs. without (10 conn., same run)',
      figure: `p99 ${ms(on.p99)} vs ${ms(off.p99)} (${increase >= 0 ? '+' : ''}${increase.toFixed(0)}%); ${int(on.rps)} vs ${int(off.rps)} req/s`,
      budget: 'p99 ≤ +20%',
      pass: failures === 0 && increase <= 20,
      data: { with: on, without: off, increasePercent: increase, failures, runs },
    },
  ];
}
