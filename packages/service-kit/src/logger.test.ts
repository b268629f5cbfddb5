import { spawn } from 'node:child_process';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { context, trace } from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import { createLogger, writeRequestLine, type RequestLine } from './logger';
import { startTelemetry } from './telemetry';

describe('log lines', () => {
  it('name the active trace, and only inside one', () => {
    startTelemetry({ serviceName: 'demo', config: {} });
    const lines: Array<Record<string, unknown>> = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
        done();
      },
    });
    const log = createLogger('demo', 'info', sink);
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const span = trace.wrapSpanContext({ traceId, spanId: '00f067aa0ba902b7', traceFlags: 1 });
    context.with(trace.setSpan(context.active(), span), () => log.info('inside'));
    log.info('outside');
    expect(lines[0]).toMatchObject({ msg: 'inside', traceId });
    expect(lines[1]!.msg).toBe('outside');
    expect(lines[1]).not.toHaveProperty('traceId');
  });
});

describe('the access line', () => {
  it('is the line pino writes for the same fields, byte for byte', () => {
    const written: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        written.push(chunk.toString('utf8'));
        done();
      },
    });
    const log = createLogger('gateway', 'debug', sink);
    const lines: RequestLine[] = [
      { requestId: 'a1b2', method: 'GET', path: '/api/v1/auth/me', status: 200, ms: 1.3, upstream: null },
      {
        requestId: '6f1c2d7e-0b9a-4c1e-9f3a-2b7d8e6c5a40',
        method: 'POST',
        path: '/api/v1/content/progress/product/7',
        status: 201,
        ms: 12,
        upstream: 'progress',
        traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
      },
      // A path as node hands it over (bytes as latin1): quotes, backslashes, control characters, a long one.
      {
        requestId: 'r',
        method: 'GET',
        path: '/a"b\\c\u0001\u00e9\u007f/x',
        status: 404,
        ms: 0,
        upstream: null,
        cache: 'MISS',
      },
      {
        requestId: 'r',
        method: 'GET',
        path: `/${'p'.repeat(60)}"`,
        status: 502,
        ms: 30001.5,
        upstream: 'content',
      },
      {
        requestId: 'r',
        method: 'HEAD',
        path: '/api/v1/categories',
        status: 200,
        ms: 0.1,
        upstream: 'content',
        traceId: '0af7651916cd43dd8448eb211c80319c',
        cache: 'HIT',
      },
    ];
    const withoutTime = (line: string) => line.replace(/,"time":"[^"]+"/, '');
    for (const level of ['debug', 'info', 'error'] as const)
      for (const line of lines) {
        written.length = 0;
        writeRequestLine(log, level, line);
        log[level]({ ...line }, 'request');
        expect(written).toHaveLength(2);
        expect(withoutTime(written[0]!)).toBe(withoutTime(written[1]!));
        expect(JSON.parse(written[0]!)).toMatchObject({ ...line, service: 'gateway', msg: 'request' });
      }
  });
});

describe('the asynchronous log destination', () => {
  const runChild = (script: string) =>
    new Promise<{ stdout: string; code: number | null }>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        cwd: path.dirname(fileURLToPath(import.meta.url)),
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      // Decoded once at the end: a read may end inside a multi-byte character.
      const chunks: Buffer[] = [];
      child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
      child.on('error', reject);
      child.on('close', (code) => resolve({ stdout: Buffer.concat(chunks).toString('utf8'), code }));
    });
  const logThenEnd = (end: string) => `
    import { createLogger } from './logger.ts';
    const log = createLogger('demo', 'info');
    for (let i = 0; i < 20000; i += 1) log.info({ i }, 'request');
    ${end}`;

  it('writes every line logged before process.exit and before a crash', async () => {
    for (const end of ['process.exit(3);', "throw new Error('crash');"]) {
      const { stdout, code } = await runChild(logThenEnd(end));
      expect(code).not.toBe(0);
      const lines = stdout.trim().split('\n');
      expect(lines).toHaveLength(20000);
      expect(JSON.parse(lines.at(-1)!)).toMatchObject({ i: 19999, msg: 'request', service: 'demo' });
    }
  }, 30_000);

  it('writes a lone line while the process runs on, without waiting for more', async () => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        "import { createLogger } from './logger.ts'; createLogger('demo', 'info').info('alone'); setTimeout(() => {}, 10000);",
      ],
      { cwd: path.dirname(fileURLToPath(import.meta.url)), stdio: ['ignore', 'pipe', 'ignore'] },
    );
    try {
      const line = await new Promise<string>((resolve) =>
        child.stdout.once('data', (c: Buffer) => resolve(String(c))),
      );
      expect(JSON.parse(line)).toMatchObject({ msg: 'alone', service: 'demo' });
      // Written by the periodic flush while the process lives on (it is ended below, not exiting by itself).
      expect(child.exitCode).toBeNull();
    } finally {
      child.kill();
    }
  }, 30_000);

  it('makes no system call while it has nothing to write', async () => {
    const { stdout } = await runChild(`
      import fs from 'node:fs';
      let writes = 0;
      const write = fs.write;
      fs.write = (...args) => { writes += 1; return write(...args); };
      const { createLogger } = await import('./logger.ts');
      createLogger('demo', 'info').info('alone');
      setTimeout(() => process.stdout.write('writes ' + writes + '\\n'), 1000);`);
    expect(stdout.trim().split('\n').at(-1)).toBe('writes 1');
  }, 30_000);

  it('writes a burst of lines whole and in order, many lines a write', async () => {
    // Multi-byte text: a chunk's length in characters is not its length in bytes.
    const { stdout } = await runChild(`
      import fs from 'node:fs';
      let writes = 0;
      const write = fs.write;
      fs.write = (...args) => { writes += 1; return write(...args); };
      const { createLogger } = await import('./logger.ts');
      const log = createLogger('demo', 'info');
      for (let i = 0; i < 3000; i += 1) log.info({ i, text: 'é€😀'.repeat(i % 40) }, 'request');
      setTimeout(() => process.stdout.write('writes ' + writes + '\\n'), 1000);`);
    const lines = stdout.trim().split('\n');
    const summary = lines.pop();
    const logged = lines.map((line) => JSON.parse(line) as { i: number; text: string });
    expect(logged.map((l) => l.i)).toEqual(Array.from({ length: 3000 }, (_, i) => i));
    expect(logged.every((l) => l.text === 'é€😀'.repeat(l.i % 40))).toBe(true);
    // About 600 KB: a few dozen writes, not one a line.
    expect(Number(summary!.split(' ')[1])).toBeLessThan(100);
  }, 30_000);
});
