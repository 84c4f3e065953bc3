import pg from 'pg';
import type { AccessLogEntry } from './nginx';

/** What the failover drill (drill.ts) saw, and the proof read back from the database. */

export interface RequestRecord {
  kind: string;
  method: string;
  path: string;
  /** 0: no HTTP answer at all (connection error or timeout) */
  status: number;
  id: string | null;
  started: number;
  error?: string;
  /** A create's unique tag (paymentId `pay_<tag>` or name `Drill <tag>`), to find it in the database. */
  tag?: string;
}

export interface DrillReport {
  seconds: number;
  connections: number;
  requests: number;
  byStatus: Record<string, number>;
  /** ms after the start of the load when the killed instance was seen gone */
  killedAt: number;
  killedAddress: string;
  acknowledgedWrites: number;
  /** Acknowledged writes the database does not hold (ids, or id + expected status). */
  lostWrites: string[];
  /** Requests nginx tried on the killed instance and then answered from another. */
  retried: number;
  /** 502s for POSTs in flight on the killed instance: not resent, by design. */
  inFlightWritesCut: RequestRecord[];
  /** How many of those the database holds anyway (committed just before the process died). */
  cutWritesStored: number;
  /** Everything else that was not 2xx. Must be empty. */
  unexplained: Array<RequestRecord & { log?: AccessLogEntry }>;
}

/** Creates that got no answer but were committed: the client cannot tell, and must not assume either. */
export async function countStored(databaseUrl: string, cut: RequestRecord[]): Promise<number> {
  const tags = (path: string) => cut.filter((r) => r.path === path && r.tag).map((r) => r.tag as string);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const orders = await db.query('select 1 from orders where payment_id = any($1::text[])', [
      tags('/api/orders/create').map((tag) => `pay_${tag}`),
    ]);
    const products = await db.query('select 1 from products where name = any($1::text[])', [
      tags('/api/products/create').map((tag) => `Drill ${tag}`),
    ]);
    return (orders.rowCount ?? 0) + (products.rowCount ?? 0);
  } finally {
    await db.end();
  }
}

/** Reads the acknowledged writes back from PostgreSQL itself, not through an instance. */
export async function findLostWrites(
  databaseUrl: string,
  orders: Set<string>,
  products: Set<string>,
  updates: Map<string, { status: string; acked: boolean }[]>,
): Promise<string[]> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const storedOrders = await db.query<{ id: string; status: string }>(
      'select id, status from orders where id = any($1::text[])',
      [[...orders]],
    );
    const storedProducts = await db.query<{ id: string }>('select id from products where id = any($1::text[])', [
      [...products],
    ]);
    const status = new Map(storedOrders.rows.map((row) => [row.id, row.status]));
    const productIds = new Set(storedProducts.rows.map((row) => row.id));
    const lost = [
      ...[...orders].filter((id) => !status.has(id)).map((id) => `order ${id}`),
      ...[...products].filter((id) => !productIds.has(id)).map((id) => `product ${id}`),
    ];
    // An order whose last status update was acknowledged holds that status. (After an update
    // that got no answer, either status may be stored: it was never acknowledged.)
    for (const [id, list] of updates) {
      const last = list.at(-1);
      if (last?.acked && status.get(id) !== last.status) {
        lost.push(`order ${id} status ${last.status} (stored: ${status.get(id)})`);
      }
    }
    return lost;
  } finally {
    await db.end();
  }
}

export function formatReport(report: DrillReport): string {
  const statuses = Object.entries(report.byStatus)
    .map(([status, count]) => `${status === '0' ? 'no answer' : status}: ${count}`)
    .join(', ');
  return [
    `requests: ${report.requests} in ${report.seconds} s over ${report.connections} connections (${statuses})`,
    `instance ${report.killedAddress} SIGKILLed at ${(report.killedAt / 1000).toFixed(1)} s`,
    `retried by nginx on the surviving instance: ${report.retried}`,
    `writes in flight on the killed instance, answered 502 (not resent, by design): ${report.inFlightWritesCut.length}` +
      ` (${report.cutWritesStored} of them committed before it died)`,
    `errors beyond those: ${report.unexplained.length}`,
    `acknowledged writes: ${report.acknowledgedWrites}, lost: ${report.lostWrites.length}`,
    ...report.unexplained
      .slice(0, 10)
      .map((r) => `  unexplained: ${r.method} ${r.path} -> ${r.status} ${r.error ?? ''}`),
    ...report.lostWrites.slice(0, 10).map((lost) => `  lost: ${lost}`),
  ].join('\n');
}
