import { Writable } from 'node:stream';

/** One line of the server's structured (pino) log, as tests read it. */
export interface LogLine {
  level: number;
  reqId?: string;
  msg?: string;
  event?: string;
  status?: number;
  res?: { statusCode?: number };
  [key: string]: unknown;
}

/**
 * Where a test app logs (`BuildOptions.logStream`), kept in memory: the whole text, its lines
 * parsed, and the lines of one request (by the X-Request-Id it answered with).
 */
export function captureLog() {
  let text = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  const lines = () =>
    text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as LogLine);
  return {
    stream,
    text: () => text,
    lines,
    linesOf: (reqId: unknown) => lines().filter((line) => line.reqId === reqId),
  };
}
