import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export type Mailer = (mail: Mail) => Promise<void>;

/**
 * E-mail through SMTP_URL. Without it (a shop on one machine, development) the message is
 * written to the server log instead, so a reset link can still be followed; nodemailer is loaded
 * only when SMTP_URL is set (the server's memory at rest: docs/architecture.md).
 */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  if (!config.mail.smtpUrl) {
    return async (mail) => {
      log.warn(
        { event: 'mail.logged', to: mail.to, subject: mail.subject },
        `No SMTP_URL set; e-mail not sent:\n${mail.text}`,
      );
    };
  }
  const smtpUrl = config.mail.smtpUrl;
  const transport = import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
  return async (mail) => {
    await (await transport).sendMail({ from: config.mail.from, to: mail.to, subject: mail.subject, text: mail.text });
    log.info({ event: 'mail.sent', subject: mail.subject }, 'e-mail sent');
  };
}
