import type { MailMessage, Mailer } from '../mail';

/** A mailer that keeps every message so tests can read the links. */
export function createMemoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return { sent, send: async (message) => void sent.push(message) };
}
