import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { Mail, Mailer } from '../src/lib/mailer';

/** One message as an SMTP server received it: the envelope and the raw DATA text. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** The body, decoded from quoted-printable or base64 (single-part text mails). */
  body: string;
}

export interface SmtpCapture {
  url: string;
  port: number;
  received: ReceivedMail[];
  /** The next message not yet taken (waits for it, up to timeoutMs). */
  next(timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** Splits a raw message into headers and body and decodes the body's transfer encoding. */
export function decodeBody(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const encoding = /^content-transfer-encoding:\s*([\w-]+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** A real SMTP server on a free loopback port, keeping every message it is given. */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const received: ReceivedMail[] = [];
  let taken = 0;
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const envelope = session.envelope;
        received.push({
          from: envelope.mailFrom ? envelope.mailFrom.address : '',
          to: envelope.rcptTo.map((r) => r.address),
          raw,
          body: decodeBody(raw),
        });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;

  const next = async (timeoutMs = 5_000): Promise<ReceivedMail> => {
    const deadline = Date.now() + timeoutMs;
    while (received.length <= taken) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('no e-mail arrived');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    const mail = received[taken] as ReceivedMail;
    taken += 1;
    return mail;
  };

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    next,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A Mailer for BuildOptions.mailer that keeps messages instead of sending them. */
export function captureMailer(): { mailer: Mailer; sent: Mail[] } {
  const sent: Mail[] = [];
  return {
    sent,
    mailer: async (mail) => {
      sent.push(mail);
    },
  };
}

/** The reset link in a message's text (the token is base64url). */
export function resetLinkIn(text: string): string {
  const match = /https?:\/\/[^\s"'<>]+\/reset-password\/[A-Za-z0-9_-]+/.exec(text);
  if (!match) throw new Error(`no reset link in:\n${text}`);
  return match[0];
}

export const tokenOfLink = (link: string): string => link.slice(link.lastIndexOf('/') + 1);
