import { orderStatusBaselineSource, orderStatusBeforeLog } from './baselines';
import type { Context, LoadBase } from './context';
import { oneClient, request } from './load';
import { ms, type Row } from './report';

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
 * windows over the whole year). Then what writing the entry costs the order status update:
 * that row's p99 against the same row measured before the log existed (a stored figure).
 */
export async function activityScenarios(
  c: Context,
  base: LoadBase,
  /** The order status update row of this run, or how to measure it (a run of this group alone). */
  orderStatus: Row | (() => Promise<Row>),
): Promise<Row[]> {
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

  // The order status update writes its entry now: its p99 against the stored figure from before.
  let measured: Row;
  if (typeof orderStatus === 'function') {
    c.log('order status updates (for the activity log row)...');
    measured = await orderStatus();
    rows.push(measured);
  } else measured = orderStatus;
  const now = Number(measured.data?.p99);
  const before = orderStatusBeforeLog[c.engine];
  const increase = ((now - before.p99Ms) / before.p99Ms) * 100;
  rows.push({
    scenario: 'activity: order status p99 vs. before the log',
    figure: `p99 ${ms(now)} vs ${ms(before.p99Ms)} (${increase >= 0 ? '+' : ''}${increase.toFixed(0)}%)`,
    budget: '≤ +20%',
    pass: measured.data?.failures === 0 && increase <= 20,
    data: {
      p99Ms: now,
      baselineP99Ms: before.p99Ms,
      increasePercent: increase,
      baseline: `a stored figure: ${orderStatusBaselineSource}, measured ${before.measuredAt}`,
    },
  });
  return rows;
}
