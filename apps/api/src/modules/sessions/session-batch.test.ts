import { describe, expect, it } from 'vitest';
import { batchedSessionReader } from './session-batch';
import type { SessionWithUser } from './sessions.repository';

const rowOf = (sessionId: string) => ({ sessionId, name: `user of ${sessionId}` }) as unknown as SessionWithUser;

/** A reader over sessions s1…s9 that records each statement's ids. */
function recordingReader() {
  const statements: string[][] = [];
  const read = batchedSessionReader(async (ids) => {
    statements.push([...ids]);
    return ids.filter((id) => /^s\d$/.test(id)).map(rowOf);
  });
  return { read, statements };
}

describe('batchedSessionReader', () => {
  it('reads the sessions asked for in one turn of the event loop in one statement, each answer its own', async () => {
    const { read, statements } = recordingReader();
    const answers = await Promise.all(['s1', 's2', 'nope', 's1'].map((id) => read(id)));
    expect(statements).toEqual([['s1', 's2', 'nope', 's1']]);
    expect(answers.map((row) => row?.sessionId)).toEqual(['s1', 's2', undefined, 's1']);
  });

  it('takes the requests of one I/O turn together, and reads again on the next (nothing is kept)', async () => {
    const { read, statements } = recordingReader();
    // Two "requests" handled in one turn, each in its own callback (Node runs the promise jobs
    // between them), as the requests read in one I/O phase are. Two immediates queued together
    // always run in one check phase; two 0 ms timers did not on a loaded machine (each fired in a
    // turn of its own once, and the test failed).
    const inOwnCallback = (id: string) =>
      new Promise<SessionWithUser | undefined>((resolve) => setImmediate(() => resolve(read(id))));
    const first = inOwnCallback('s1');
    const second = inOwnCallback('s2');
    await Promise.all([first, second]);
    await read('s1');
    expect(statements).toEqual([['s1', 's2'], ['s1']]);
  });

  it('fails every request of a batch whose statement failed', async () => {
    const read = batchedSessionReader(async () => {
      throw new Error('connection lost');
    });
    const answers = await Promise.allSettled([read('s1'), read('s2')]);
    expect(answers.map((answer) => answer.status)).toEqual(['rejected', 'rejected']);
  });
});
