import DataLoader from 'dataloader';

/**
 * Reads the keys that the requests of one turn of the event loop ask for together, in one call
 * of `batch`, through DataLoader (the well-kept batching library). Node runs every request
 * that arrived in a turn's I/O phase before `setImmediate`, so under load one round trip to the
 * database serves many requests instead of one each. No cache: every request reads after it
 * arrived, so a change saved before it is seen. `batch` answers one value (or Error) per key,
 * in the keys' order; at most `maxBatchSize` keys go to one call, more in a turn make more calls.
 *
 * Used on PostgreSQL for sessions (sessions/session-batch.ts) and list pages
 * (products/page-rows.ts), where a statement's socket write was most of a request's cost.
 */
export function perTurnLoader<K, V>(
  batch: (keys: readonly K[]) => Promise<ReadonlyArray<V | Error>>,
  maxBatchSize: number,
): (key: K) => Promise<V> {
  const loader = new DataLoader<K, V>(batch, {
    cache: false,
    maxBatchSize,
    batchScheduleFn: (run) => setImmediate(run),
  });
  return (key) => loader.load(key);
}
