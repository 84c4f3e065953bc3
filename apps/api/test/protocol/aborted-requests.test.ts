import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLog, type LogLine } from '../log-capture';
import { createTestApp, engineName, signIn, type TestApp } from '../test-app';
import { RawClient } from './raw-http';

const errorLevel = 50;

/**
 * A client that hangs up before its body is complete is no fault of the server's: it is logged at
 * info level as an aborted request, never at error level as "database unavailable", and never
 * answered or counted as a 503 (which would fill the error log and trip outage alerts).
 */
describe(`a client hanging up mid-request (${engineName})`, () => {
  let t: TestApp;
  let port: number;
  let token: string;
  const { stream, linesOf } = captureLog();

  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: stream });
    token = await signIn(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  /** Sends the head and the first bytes of a body that promises more, then hangs up. */
  async function hangUp(reqId: string, head: string, partial: string, how: 'close' | 'half-close') {
    const client = await RawClient.connect(port);
    await client.write(`${head}X-Request-Id: ${reqId}\r\n\r\n${partial}`);
    // Let the server start reading the body before the client goes.
    await new Promise((resolve) => setTimeout(resolve, 100));
    if (how === 'close') client.destroy();
    else client.end();
    const deadline = Date.now() + 5_000;
    while (!linesOf(reqId).some((line) => line.event === 'request.aborted')) {
      if (Date.now() > deadline)
        throw new Error(`no "request.aborted" line for ${reqId}:\n${JSON.stringify(linesOf(reqId))}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // Anything the request still does (its end, a late error) has time to reach the log.
    await new Promise((resolve) => setTimeout(resolve, 200));
    if (how === 'half-close') client.destroy();
    return linesOf(reqId);
  }

  function expectQuietAbort(found: LogLine[]) {
    const label = JSON.stringify(found);
    const aborted = found.filter((line) => line.event === 'request.aborted');
    expect(aborted, label).toHaveLength(1);
    expect(aborted[0]?.level, label).toBeLessThanOrEqual(30);
    expect(
      found.filter((line) => line.level >= errorLevel),
      label,
    ).toEqual([]);
    expect(
      found.some((line) => /database unavailable/i.test(String(line.msg))),
      label,
    ).toBe(false);
    expect(
      found.filter((line) => (line.res?.statusCode ?? 0) >= 500),
      label,
    ).toEqual([]);
  }

  const signinHead =
    'POST /api/user/signin HTTP/1.1\r\nHost: shop.test\r\nContent-Type: application/json\r\nContent-Length: 100\r\n';

  it('POST /api/user/signin with Content-Length 100 and 10 bytes, then close: an info line, no 503', async () => {
    expectQuietAbort(await hangUp('abort-signin-close', signinHead, '{"email":"', 'close'));
  });

  it('the same with a half-close (the client ends its side and waits)', async () => {
    expectQuietAbort(await hangUp('abort-signin-fin', signinHead, '{"email":"', 'half-close'));
  });

  it('a signed-in JSON write and a multipart upload cut off mid-body are quiet too', async () => {
    const put =
      'PUT /api/products/aaaaaaaaaaaaaaaaaaaaaaaa HTTP/1.1\r\nHost: shop.test\r\nContent-Type: application/json\r\n' +
      `Authorization: Bearer ${token}\r\nContent-Length: 5000\r\n`;
    expectQuietAbort(await hangUp('abort-put', put, '{"name":"half', 'close'));
    const upload =
      'POST /api/products/upload HTTP/1.1\r\nHost: shop.test\r\nContent-Type: multipart/form-data; boundary=cut\r\n' +
      `Authorization: Bearer ${token}\r\nContent-Length: 900000\r\n`;
    const part =
      '--cut\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n' +
      '\x89PNG\r\n\x1a\n'.padEnd(20_000, 'x');
    expectQuietAbort(await hangUp('abort-upload', upload, part, 'close'));
  });

  it('still serves everyone else', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
  });
});
