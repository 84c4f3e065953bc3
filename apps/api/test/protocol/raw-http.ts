import net from 'node:net';

/** One HTTP/1.1 answer as read off the wire. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * A client socket that keeps everything the server sends, for tests that must speak HTTP byte by
 * byte (malformed requests, bodies cut short, several requests on one connection).
 */
export class RawClient {
  private readonly socket: net.Socket;
  private received = Buffer.alloc(0);
  private waiters: Array<() => void> = [];
  closed = false;

  private constructor(socket: net.Socket) {
    this.socket = socket;
    socket.on('data', (chunk: Buffer) => {
      this.received = Buffer.concat([this.received, chunk]);
      this.wake();
    });
    socket.on('close', () => {
      this.closed = true;
      this.wake();
    });
    // A reset from the server shows as `closed`; the test decides whether that was right.
    socket.on('error', () => {});
  }

  static connect(port: number): Promise<RawClient> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => resolve(new RawClient(socket)));
      socket.once('error', reject);
    });
  }

  private wake() {
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** Writes, waiting for the socket to take it (false once the server has closed it). */
  write(data: string | Buffer): Promise<boolean> {
    if (this.closed || this.socket.destroyed) return Promise.resolve(false);
    return new Promise((resolve) => {
      this.socket.write(data, (error) => resolve(!error));
    });
  }

  /** Half-closes: no more bytes from the client. */
  end() {
    this.socket.end();
  }

  destroy() {
    this.socket.destroy();
  }

  private async waitFor(ready: () => boolean, timeoutMs: number, what: string): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!ready()) {
      if (this.closed) return;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}; got: ${this.received.toString('latin1')}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Waits until the server has closed the connection (throws after timeoutMs). */
  async waitForClose(timeoutMs = 5_000): Promise<void> {
    await this.waitFor(() => this.closed, timeoutMs, 'the server to close the connection');
    if (!this.closed) throw new Error('the connection is still open');
  }

  /** The next whole answer (Content-Length framed), taken off what was received. */
  async nextAnswer(timeoutMs = 5_000): Promise<RawAnswer> {
    const headEnd = () => this.received.indexOf('\r\n\r\n');
    await this.waitFor(() => headEnd() >= 0, timeoutMs, 'an answer');
    const end = headEnd();
    if (end < 0) throw new Error(`connection closed without an answer; got: ${this.received.toString('latin1')}`);
    const head = this.received.subarray(0, end).toString('latin1');
    const [statusLine = '', ...lines] = head.split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    const total = end + 4 + length;
    await this.waitFor(() => this.received.length >= total, timeoutMs, 'the answer body');
    const body = this.received.subarray(end + 4, total).toString('utf8');
    this.received = this.received.subarray(total);
    return { status: Number(statusLine.split(' ')[1]), headers, body };
  }
}

/** Sends one request on a fresh connection and reads its one answer. */
export async function rawExchange(port: number, request: string | Buffer): Promise<RawAnswer> {
  const client = await RawClient.connect(port);
  try {
    await client.write(request);
    return await client.nextAnswer();
  } finally {
    client.destroy();
  }
}
