import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServerBundle, type ServerProcess, spawnServer } from './server-process';
import { createTestDatabase, type TestDatabase } from './test-database';

/**
 * The production server says at start how its JavaScript heap is sized (server.ts,
 * docs/operations.md "Memory"): from its memory limit, or for the whole machine when it has
 * none. Started here as the tests' own process runs, so it has the limit this process has.
 */
describe('the start-up line on memory', () => {
  let bundle: Awaited<ReturnType<typeof buildServerBundle>>;
  let database: TestDatabase;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    bundle = await buildServerBundle();
    database = await createTestDatabase();
  });
  afterAll(async () => {
    server?.process.kill('SIGTERM');
    await server?.exited();
    await database?.drop();
    bundle?.remove();
  });

  it('names the memory limit it found (none here unless this process has one) and the heap limit Node set', async () => {
    server = await spawnServer(bundle.entry, {
      DATA_DIR: database.dataDir,
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
      SEED: 'none',
      LOG_LEVEL: 'info',
    });
    const started = server;
    let line: { memoryLimitMb?: number | null; heapLimitMb?: number; msg?: string } | undefined;
    await expect
      .poll(
        () => {
          const found = started
            .output()
            .split('\n')
            .find((text) => text.includes('"heapLimitMb"'));
          line = found ? JSON.parse(found) : undefined;
          return line !== undefined;
        },
        { timeout: 10_000 },
      )
      .toBe(true);

    const limit = process.constrainedMemory();
    const expected = limit > 0 && limit < os.totalmem() ? Math.round(limit / 1024 / 1024) : null;
    expect(line?.memoryLimitMb).toBe(expected);
    expect(line?.msg).toMatch(
      expected === null
        ? /^no memory limit: Node sizes the JavaScript heap/
        : /^JavaScript heap sized from the memory limit$/,
    );
    // Node's heap limit: a quarter of the memory or more, never past it.
    const memoryMb = (expected ?? os.totalmem() / 1024 / 1024) as number;
    expect(line?.heapLimitMb).toBeGreaterThan(memoryMb / 8);
    expect(line?.heapLimitMb).toBeLessThanOrEqual(memoryMb);
  });
});
