import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer, formatEml } from './mail';
import { testLog } from './testing';

const made: string[] = [];
const outbox = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'outbox-'));
  made.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('mailer without SMTP_URL', () => {
  it('writes each message as one .eml file in the outbox, with the link intact', async () => {
    const outboxDir = path.join(outbox(), 'nested');
    const mailer = createMailer({ outboxDir, from: 'Catalyst <no-reply@catalyst.example>', log: testLog });
    await mailer.send({
      to: 'someone@example.com',
      subject: 'Verify\r\nBcc: evil@example.com',
      text: 'Open http://localhost:8080/verify-email?token=abc_DEF-1',
    });
    await mailer.send({ to: 'other@example.com', subject: 'Second', text: 'two' });
    const files = readdirSync(outboxDir);
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.endsWith('.eml'))).toBe(true);
    const first = files
      .map((f) => readFileSync(path.join(outboxDir, f), 'utf8'))
      .find((text) => text.includes('someone@example.com'))!;
    expect(first).toContain('To: someone@example.com');
    expect(first).toContain('http://localhost:8080/verify-email?token=abc_DEF-1');
    expect(first).not.toMatch(/^Bcc:/m);
    // Live links: the folder and each message are readable by the product's own user only.
    expect(statSync(outboxDir).mode & 0o777).toBe(0o700);
    for (const file of files) expect(statSync(path.join(outboxDir, file)).mode & 0o777).toBe(0o600);
  });
});

describe('outbox log lines', () => {
  const capture = () => {
    const lines: Record<string, unknown>[] = [];
    const log = {
      ...testLog,
      info: (fields: Record<string, unknown>) => void lines.push(fields),
    } as unknown as typeof testLog;
    return { lines, log };
  };

  it('carry the body (and its link) in development only', async () => {
    const outboxDir = outbox();
    const dev = capture();
    await createMailer({ outboxDir, from: 'x <x@example.com>', log: dev.log, logBodies: true }).send({
      to: 'a@example.com',
      subject: 'S',
      text: 'link http://x/reset-password?token=secret',
    });
    expect(JSON.stringify(dev.lines)).toContain('token=secret');
    const production = capture();
    await createMailer({ outboxDir, from: 'x <x@example.com>', log: production.log, logBodies: false }).send({
      to: 'a@example.com',
      subject: 'S',
      text: 'link http://x/reset-password?token=secret',
    });
    expect(production.lines).toHaveLength(1);
    expect(JSON.stringify(production.lines)).not.toContain('token=secret');
  });
});

describe('outbox messages with headers and HTML', () => {
  it('keep extra headers on one line each and the plain text readable as written', () => {
    const eml = formatEml('Catalyst <no-reply@catalyst.example>', {
      to: 'a@example.com',
      subject: 'Replies',
      text: 'See http://localhost:8080/browse/premium/product/x?lesson=1',
      headers: {
        'List-Unsubscribe':
          '<http://localhost:8080/api/v1/community/unsubscribe?token=t.1>\r\nBcc: evil@example.com',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    expect(eml).toContain(
      'List-Unsubscribe: <http://localhost:8080/api/v1/community/unsubscribe?token=t.1> Bcc: evil@example.com\r\n',
    );
    expect(eml).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n');
    expect(eml).not.toMatch(/^Bcc:/m);
    expect(eml).toContain(
      'Content-Type: text/plain; charset=utf-8\r\n\r\nSee http://localhost:8080/browse/premium/product/x?lesson=1',
    );
  });

  it('carry an HTML part beside the text part when there is one', () => {
    const eml = formatEml('x <x@example.com>', {
      to: 'a@example.com',
      subject: 'S',
      text: 'plain words',
      html: '<p>rich words</p>',
    });
    const boundary = /boundary="([^"]+)"/.exec(eml)?.[1];
    expect(boundary).toMatch(/^=_catalyst_[0-9a-f]{24}$/);
    const parts = eml.split(`--${boundary}`);
    expect(parts).toHaveLength(4);
    expect(parts[1]).toContain('text/plain');
    expect(parts[1]).toContain('plain words');
    expect(parts[2]).toContain('text/html');
    expect(parts[2]).toContain('<p>rich words</p>');
    expect(parts[3]?.startsWith('--')).toBe(true);
  });
});
