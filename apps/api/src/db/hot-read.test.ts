import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { isDatabaseDown } from '../plugins/error-handler';
import { createDb, type DbHandle, hotRead } from './create-db';

/** A port nothing listens on (taken, then released). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('the PostgreSQL page reader when the database cannot be reached', () => {
  let handle: DbHandle | undefined;
  afterEach(() => handle?.close());

  it('fails fast, with an error answered as "database unavailable" (503), with and without finishing', async () => {
    handle = createDb({ dataDir: '', databaseUrl: `postgres://postgres@127.0.0.1:${await closedPort()}/none` });
    const started = performance.now();
    const plain = await hotRead(handle.db, 'select $1::int as n', [1]).catch((error: unknown) => error);
    const finish = { column: 'n', before: '[', after: ']', insertion: { find: '"/x', when: ',', insert: 'y' } };
    const finished = await hotRead(handle.db, 'select $1::int as n', [1], { finish }).catch((error: unknown) => error);
    expect(plain).toBeInstanceOf(Error);
    expect(isDatabaseDown(plain)).toBe(true);
    expect(isDatabaseDown(finished)).toBe(true);
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
