import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '@catalyst/service-kit';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Through SMTP when a URL is configured. */
export function createSmtpMailer({ smtpUrl, from, log }: { smtpUrl: string; from: string; log: Logger }): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
      log.info({ to: message.to, subject: message.subject }, 'e-mail sent');
    },
  };
}

const headerSafe = (value: string) => value.replace(/[\r\n]+/g, ' ');

/**
 * Without SMTP: each message goes to the log and to one .eml file in the outbox folder, so a person
 * running the product locally (and the browser tests) can open the link.
 */
export function createOutboxMailer({ outboxDir, from, log, logBodies = true }: { outboxDir: string; from: string; log: Logger; logBodies?: boolean }): Mailer {
  return {
    async send(message) {
      await mkdir(outboxDir, { recursive: true });
      const now = new Date();
      const file = path.join(outboxDir, `${now.toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
      const eml = [
        `From: ${headerSafe(from)}`,
        `To: ${headerSafe(message.to)}`,
        `Subject: ${headerSafe(message.subject)}`,
        `Date: ${now.toUTCString()}`,
        'MIME-Version: 1.0',
        'Content-Type: text/plain; charset=utf-8',
        '',
        message.text,
        '',
      ].join('\r\n');
      await writeFile(file, eml, 'utf8');
      // Bodies carry sign-in-grade links (verification, password reset): in the log only in development.
      log.info({ to: message.to, subject: message.subject, file, ...(logBodies ? { text: message.text } : {}) }, 'e-mail written to the outbox (SMTP_URL is not set)');
    },
  };
}

/** Sends a message; a mail failure is logged, never fatal to the request that caused it. */
export async function sendQuietly(mailer: Mailer, log: Logger, message: MailMessage): Promise<void> {
  try {
    await mailer.send(message);
  } catch (error) {
    log.error({ to: message.to, subject: message.subject, err: error instanceof Error ? error.message : String(error) }, 'e-mail could not be sent');
  }
}

export function createMailer(options: { smtpUrl?: string; outboxDir: string; from: string; log: Logger; logBodies?: boolean }): Mailer {
  return options.smtpUrl ? createSmtpMailer({ ...options, smtpUrl: options.smtpUrl }) : createOutboxMailer(options);
}
