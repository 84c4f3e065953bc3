import type { AddressInfo } from 'node:net';
import { messages } from '@shopdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engineName, type TestApp } from '../test-app';
import { type RawAnswer, RawClient, rawExchange } from './raw-http';

/**
 * What Node's HTTP parser and Fastify answer on their own (a request they cannot parse, a server
 * shutting down) comes in the API's one error shape too: `{"error":true,"msg":"..."}`, JSON, never
 * Fastify's `{"error":"Bad Request","message":"Client Error","statusCode":400}` nor an empty body.
 */
function expectApiError(answer: RawAnswer, status: number, label: string) {
  const text = `${label}: ${answer.status} ${JSON.stringify(answer.headers)} ${answer.body}`;
  expect(answer.status, text).toBe(status);
  expect(answer.headers['content-type'], text).toMatch(/^application\/json/);
  const body = JSON.parse(answer.body) as Record<string, unknown>;
  expect(Object.keys(body).sort(), text).toEqual(['error', 'msg']);
  expect(body.error, text).toBe(true);
  expect(typeof body.msg, text).toBe('string');
  expect(String(body.msg).length, text).toBeGreaterThan(10);
  expect(answer.body, text).not.toMatch(/Client Error|statusCode/);
  return String(body.msg);
}

describe(`protocol errors in the API's shape, over raw sockets (${engineName})`, () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('a 16 KB path: 431 from the parser, in the API shape', async () => {
    const answer = await rawExchange(port, `GET /api/products/${'a'.repeat(16 * 1024)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(expectApiError(answer, 431, 'long path')).toMatch(/too large/i);
  });

  it('a 17 KB header: 431', async () => {
    const answer = await rawExchange(
      port,
      `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(17_000)}\r\n\r\n`,
    );
    expectApiError(answer, 431, 'long header');
  });

  it.each([
    ['a malformed request line', 'GARBAGE\r\n\r\n'],
    ['an unknown HTTP version', 'GET /api/health HTTP/9.9\r\nHost: x\r\n\r\n'],
    ['a header name with a space', 'GET /api/health HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n'],
    ['a Content-Length that is no number', 'POST /api/user/signin HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n'],
    [
      'Content-Length and Transfer-Encoding together',
      'POST /api/user/signin HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    ],
    [
      'a chunk size that is no number',
      'POST /api/user/signin HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
    ],
    ['an HTTP/1.1 request without Host', 'GET /api/health HTTP/1.1\r\n\r\n'],
  ])('%s: 400', async (label, request) => {
    expect(expectApiError(await rawExchange(port, request), 400, label)).toBe(messages.badRequest);
  });

  it('an Expect header other than 100-continue: 417', async () => {
    const answer = await rawExchange(
      port,
      'POST /api/user/signin HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nExpect: 200-ok\r\n\r\n{}',
    );
    expectApiError(answer, 417, 'expect');
  });

  it('still serves well-formed requests, HTTP/1.0 included', async () => {
    const answer = await rawExchange(port, 'GET /api/health HTTP/1.0\r\n\r\n');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ status: 'ok' });
  });
});

describe(`a request that arrives while the server shuts down (${engineName})`, () => {
  it('gets 503 in the API shape and the connection is closed', async () => {
    const t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const client = await RawClient.connect(port);
    let closed: Promise<void> | undefined;
    try {
      // Half a request: the connection is busy, so the shutdown waits for it.
      await client.write('GET /api/health HTTP/1.1\r\nHost: x\r\n');
      await new Promise((resolve) => setTimeout(resolve, 50));
      closed = t.close();
      await new Promise((resolve) => setTimeout(resolve, 50));
      await client.write('\r\n');
      const answer = await client.nextAnswer();
      expectApiError(answer, 503, 'closing');
      expect(answer.headers.connection).toBe('close');
    } finally {
      client.destroy();
      await (closed ?? t.close());
    }
  });
});
