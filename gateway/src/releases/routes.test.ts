import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createRouteBook } from './routes';

const page = (pathname: string) => ({
  path: pathname,
  prefix: false,
  module: './AccountPage',
  audience: 'signed-in',
});
const file = (pages: unknown[]) => JSON.stringify({ remote: 'account', pages });

describe("the pages each release publishes, as the gateway's answer carries them", () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it("reads the built dist's routes.json again after a rebuild", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'route-book-'));
    dirs.push(dir);
    const book = createRouteBook({
      distDir: () => dir,
      read: async () => null,
      log: pino({ level: 'silent' }),
    });
    expect(book.pagesOf('account', 'dist')).toEqual([]);
    writeFileSync(path.join(dir, 'routes.json'), file([page('/learning/')]));
    expect(book.pagesOf('account', 'dist')).toEqual([page('/learning/')]);
    writeFileSync(path.join(dir, 'routes.json'), file([page('/learning/'), page('/account/')]));
    utimesSync(path.join(dir, 'routes.json'), new Date(), new Date(Date.now() + 5_000));
    expect(book.pagesOf('account', 'dist')).toEqual([page('/learning/'), page('/account/')]);
  });

  it('reads a version once, serves a refused file as no pages, and leaves an unreadable one to the shell', async () => {
    const reads: string[] = [];
    const stored: Record<string, string> = {
      'account@v1-1111111111': file([page('/account/')]),
      'account@v2-2222222222': file([page('/admin/')]),
    };
    let reachable = true;
    const book = createRouteBook({
      distDir: () => '/nowhere',
      read: async (remote, version) => {
        if (!reachable) throw new Error('bucket unreachable');
        reads.push(`${remote}@${version}`);
        const body = stored[`${remote}@${version}`];
        return body ? { size: body.length, stream: Readable.from([body]) } : null;
      },
      log: pino({ level: 'silent' }),
    });
    await book.load([
      ['account', 'v1-1111111111'],
      ['account', 'v2-2222222222'],
    ]);
    await book.load([['account', 'v1-1111111111']]);
    expect(reads).toEqual(['account@v1-1111111111', 'account@v2-2222222222']);
    expect(book.pagesOf('account', 'v1-1111111111')).toEqual([page('/account/')]);
    expect(book.pagesOf('account', 'v2-2222222222')).toEqual([]);
    reachable = false;
    await book.load([['account', 'v3-3333333333']]);
    expect(book.pagesOf('account', 'v3-3333333333')).toBeUndefined();
  });
});
