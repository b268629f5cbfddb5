import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import nodemailer from 'nodemailer';
import { z } from 'zod';
import type { Logger } from './logger';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The settings of every service that sends e-mail: spread into the service's config schema. */
export const mailConfigSchema = z.object({
  /** SMTP connection URL (smtp:// or smtps://); without it e-mails go to the log and OUTBOX_DIR. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Catalyst <no-reply@catalyst.example>'),
  OUTBOX_DIR: z
    .string()
    .min(1)
    .default(path.join(REPO_ROOT, '.data', 'outbox')),
});
export type MailConfig = z.infer<typeof mailConfigSchema>;

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative of `text` (the text part is always sent). */
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Through SMTP when a URL is configured. */
export function createSmtpMailer({
  smtpUrl,
  from,
  log,
}: {
  smtpUrl: string;
  from: string;
  log: Logger;
}): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
      });
      log.info({ to: message.to, subject: message.subject }, 'e-mail sent');
    },
  };
}

const headerSafe = (value: string) => value.replace(/[\r\n]+/g, ' ');
const headerNameSafe = (name: string) => name.replace(/[^A-Za-z0-9-]/g, '');

/** One message as an RFC 5322 file: plain text, or multipart/alternative when it has an HTML part. */
export function formatEml(from: string, message: MailMessage, now = new Date()): string {
  const extra = Object.entries(message.headers ?? {})
    .map(([name, value]) => [headerNameSafe(name), headerSafe(value)] as const)
    .filter(([name]) => name !== '')
    .map(([name, value]) => `${name}: ${value}`);
  const head = [
    `From: ${headerSafe(from)}`,
    `To: ${headerSafe(message.to)}`,
    `Subject: ${headerSafe(message.subject)}`,
    `Date: ${now.toUTCString()}`,
    ...extra,
    'MIME-Version: 1.0',
  ];
  if (message.html === undefined)
    return [...head, 'Content-Type: text/plain; charset=utf-8', '', message.text, ''].join('\r\n');
  const boundary = `=_catalyst_${randomBytes(12).toString('hex')}`;
  return [
    ...head,
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    message.text,
    `--${boundary}`,
    'Content-Type: text/html; charset=utf-8',
    '',
    message.html,
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

/**
 * Without SMTP: each message goes to the log and to one .eml file in the outbox folder, so a person
 * running the product locally (and the browser tests) can open the link.
 */
export function createOutboxMailer({
  outboxDir,
  from,
  log,
  logBodies = true,
}: {
  outboxDir: string;
  from: string;
  log: Logger;
  logBodies?: boolean;
}): Mailer {
  return {
    async send(message) {
      // The messages carry live links (verification, password reset): readable by the product's own user only.
      await mkdir(outboxDir, { recursive: true, mode: 0o700 });
      const now = new Date();
      const file = path.join(
        outboxDir,
        `${now.toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`,
      );
      await writeFile(file, formatEml(from, message, now), { encoding: 'utf8', mode: 0o600 });
      // Bodies carry sign-in-grade links (verification, password reset): in the log only in development.
      log.info(
        { to: message.to, subject: message.subject, file, ...(logBodies ? { text: message.text } : {}) },
        'e-mail written to the outbox (SMTP_URL is not set)',
      );
    },
  };
}

/** Sends a message; a mail failure is logged, never fatal to the request that caused it. */
export async function sendQuietly(mailer: Mailer, log: Logger, message: MailMessage): Promise<void> {
  try {
    await mailer.send(message);
  } catch (error) {
    log.error(
      {
        to: message.to,
        subject: message.subject,
        err: error instanceof Error ? error.message : String(error),
      },
      'e-mail could not be sent',
    );
  }
}

export function createMailer(options: {
  smtpUrl?: string;
  outboxDir: string;
  from: string;
  log: Logger;
  logBodies?: boolean;
}): Mailer {
  return options.smtpUrl
    ? createSmtpMailer({ ...options, smtpUrl: options.smtpUrl })
    : createOutboxMailer(options);
}

/** The mailer a service's parsed config describes (bodies in the log only in development). */
export function mailerFromConfig(config: MailConfig & { NODE_ENV: string }, log: Logger): Mailer {
  return createMailer({
    smtpUrl: config.SMTP_URL,
    outboxDir: config.OUTBOX_DIR,
    from: config.MAIL_FROM,
    log,
    logBodies: config.NODE_ENV === 'development',
  });
}
