import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { formatLogLine, pipeLines } from './logs';

describe('the launcher’s human log formatter', () => {
  it('never lets a logged value start a line of its own or send terminal escapes', () => {
    const forged = JSON.stringify({
      level: 30,
      time: '2026-11-24T02:00:00.000Z',
      msg: 'request',
      path: '/api/v1/categories?q=x\n[auth]               02:00:00 info  admin signed in',
      id: 'evt_1\r\u001b[2K',
    });
    const out = formatLogLine(forged);
    expect(out).not.toMatch(/[\n\r]/);
    expect(out).not.toContain('\u001b');
    expect(out).toContain('q=x\\n[auth]');
    expect(out).toContain('evt_1\\r\\x1b[2K');
  });

  it('escapes a raw (non-JSON) line the same way and leaves ordinary text alone', () => {
    expect(formatLogLine('plain\nline')).toBe('plain\\nline');
    expect(
      formatLogLine(JSON.stringify({ level: 40, time: '2026-11-24T02:00:00.000Z', msg: 'slow', ms: 12 })),
    ).toBe('02:00:00 warn  slow ms=12');
  });
});

describe('the launcher’s pass-through of a child’s JSON lines', () => {
  it('hands on whole lines only, as written, however the child’s writes were cut', async () => {
    const child = new PassThrough();
    const written: string[] = [];
    pipeLines(child, (chunk) => void written.push(chunk.toString()));
    const first = JSON.stringify({ level: 30, msg: 'request', path: '/a?q=x\n[auth] forged' });
    const second = JSON.stringify({ level: 30, msg: 'request', path: '/b' });
    child.write(first.slice(0, 10));
    child.write(`${first.slice(10)}\n${second.slice(0, 5)}`);
    child.write(`${second.slice(5)}\n`);
    child.end('{"level":50,"msg":"unfinished"');
    await new Promise((r) => child.once('end', r));
    expect(written.every((chunk) => chunk.endsWith('\n'))).toBe(true);
    expect(written.join('').split('\n')).toEqual([first, second, '{"level":50,"msg":"unfinished"', '']);
  });
});
