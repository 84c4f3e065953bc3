import net from 'node:net';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb, type DbHandle, hotRead, plainTcpTarget } from './create-db';
import { ringSlotBytes, ringSocket, wholeMessagesEnd } from './ring-socket';

/** A protocol message: a type byte, a 32-bit length counting itself, then its body. */
function message(type: number, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head[0] = type;
  head.writeUInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

/** A server that sends `chunks` one at a time (each its own write, a pause between), then ends. */
async function sendingServer(chunks: Buffer[]): Promise<{ port: number; close: () => Promise<void> }> {
  const server = net.createServer(async (socket) => {
    for (const chunk of chunks) {
      socket.write(chunk);
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    socket.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return { port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** What a listener of the ring socket receives (copied at once, as postgres.js uses it at once). */
async function received(port: number): Promise<Buffer[]> {
  const socket = ringSocket('127.0.0.1', port);
  const pieces: Buffer[] = [];
  socket.on('data', (piece: Buffer) => pieces.push(Buffer.from(piece)));
  await new Promise((resolve) => socket.on('end', resolve));
  socket.destroy();
  return pieces;
}

describe('the ring socket of the PostgreSQL page reader', () => {
  it('finds where the whole messages end', () => {
    const a = message(68, Buffer.from('abc'));
    const b = message(90, Buffer.alloc(0));
    const both = Buffer.concat([a, b]);
    expect(wholeMessagesEnd(both, 0, both.length)).toBe(both.length);
    expect(wholeMessagesEnd(both, 0, both.length - 1)).toBe(a.length);
    expect(wholeMessagesEnd(both, 0, 4)).toBe(0);
    expect(wholeMessagesEnd(both, a.length, both.length)).toBe(both.length);
    const huge = Buffer.from([68, 0xff, 0xff, 0xff, 0xf0, 1, 2]);
    expect(wholeMessagesEnd(huge, 0, huge.length)).toBe(0);
  });

  it('passes every byte on, in order, in whole messages, however the reads split them', async () => {
    const sizes = fc.oneof(
      fc.integer({ min: 0, max: 40 }),
      fc.integer({ min: 20_000, max: 30_000 }),
      fc.constant(ringSlotBytes + 12_345),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(sizes, { minLength: 1, maxLength: 30 }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 40 }),
        async (bodySizes, cutAt) => {
          const messages = bodySizes.map((size, i) => message(65 + (i % 26), Buffer.alloc(size, i % 251)));
          const stream = Buffer.concat(messages);
          const cuts = [...new Set(cutAt.map((p) => Math.floor(p * stream.length)))].sort((a, b) => a - b);
          const chunks = [0, ...cuts]
            .map((at, i) => stream.subarray(at, cuts[i] ?? stream.length))
            .filter((c) => c.length);
          const server = await sendingServer(chunks);
          try {
            const pieces = await received(server.port);
            expect(Buffer.concat(pieces).equals(stream)).toBe(true);
            // Messages within a slot come whole; only those larger than a slot come in pieces.
            const large = messages.some((m) => m.length > ringSlotBytes / 2);
            if (!large) for (const piece of pieces) expect(wholeMessagesEnd(piece, 0, piece.length)).toBe(piece.length);
          } finally {
            await server.close();
          }
        },
      ),
      { numRuns: 25 },
    );
  }, 60_000);

  it('carries unfinished messages across reads and from slot to slot', async () => {
    // Page-sized messages sent in pieces that end mid-message: the slots fill up and take turns.
    const messages = Array.from({ length: 120 }, (_, i) => message(68, Buffer.alloc(23_000 + i * 37, i % 251)));
    const stream = Buffer.concat(messages);
    const chunks: Buffer[] = [];
    for (let at = 0; at < stream.length; at += 9_999) chunks.push(stream.subarray(at, at + 9_999));
    // Then messages of no body (as PostgreSQL's BindComplete), each alone in its read.
    const small = Array.from({ length: 20 }, (_, i) => message(49 + (i % 3), Buffer.alloc(0)));
    chunks.push(...small);
    const server = await sendingServer(chunks);
    try {
      const pieces = await received(server.port);
      expect(pieces.length).toBeGreaterThan(10);
      expect(Buffer.concat(pieces).equals(Buffer.concat([stream, ...small]))).toBe(true);
      for (const piece of pieces) expect(wholeMessagesEnd(piece, 0, piece.length)).toBe(piece.length);
    } finally {
      await server.close();
    }
  });

  it('is used only for one host over plain TCP', () => {
    expect(plainTcpTarget('postgres://u@127.0.0.1:5433/db')).toEqual({ host: '127.0.0.1', port: 5433 });
    expect(plainTcpTarget('postgres://u:p@db.example/db?sslmode=disable')).toEqual({ host: 'db.example', port: 5432 });
    expect(plainTcpTarget('postgres://u@[::1]:5432/db')).toEqual({ host: '::1', port: 5432 });
    expect(plainTcpTarget('postgres://u@db.example/db?sslmode=require')).toBeUndefined();
    expect(plainTcpTarget('postgres://u@db.example/db?ssl=true')).toBeUndefined();
    expect(plainTcpTarget('postgres://u@a:5432,b:5432/db')).toBeUndefined();
    expect(plainTcpTarget('postgres://u@localhost/db?host=/var/run/postgresql')).toBeUndefined();
    expect(plainTcpTarget('not a url')).toBeUndefined();
  });
});

const databaseUrl = process.env.DATABASE_URL;

describe.runIf(databaseUrl)('page reads through the ring socket (PostgreSQL)', () => {
  let handle: DbHandle | undefined;
  afterEach(() => handle?.close());

  it('answers concurrent reads of every size, each with its own bytes', async () => {
    handle = createDb({ dataDir: '', databaseUrl });
    const { db } = handle;
    const sizes = [1, 23_000, 40, ringSlotBytes * 2 + 7, 25_000, 3, ringSlotBytes - 100, 24_000];
    const text = (i: number) => `select repeat(chr(65 + ${i % 26}), $1::int) as t`;
    for (let round = 0; round < 3; round += 1) {
      const reads = sizes.flatMap((size, i) =>
        Array.from({ length: 6 }, (_, k) =>
          hotRead<{ t: string }>(db, text(i + k), [size]).then((r) => ({ r, size, letter: 65 + ((i + k) % 26) })),
        ),
      );
      for (const { r, size, letter } of await Promise.all(reads)) {
        const t = r.rows[0]?.t ?? '';
        expect(t.length).toBe(size);
        expect(t === String.fromCharCode(letter).repeat(size)).toBe(true);
      }
    }
    const finish = { column: 't', before: '[', after: ']', insertion: { find: '"/x', when: ',', insert: 'y' } };
    const big = await hotRead(db, `select repeat('ab', $1::int) as t`, [ringSlotBytes], { finish });
    expect(big.body?.length).toBe(ringSlotBytes * 2 + 2);
    expect(big.body?.toString('latin1')).toBe(`[${'ab'.repeat(ringSlotBytes)}]`);
  }, 60_000);
});
