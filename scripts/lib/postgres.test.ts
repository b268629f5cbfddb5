import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { makeDataDirPrivate } from './data-dir';
import { LEGACY_PASSWORD, startEmbeddedPostgres, type RunningPostgres } from './postgres';

const mode = (file: string) => statSync(file).mode & 0o777;

/** Whether `password` opens the cluster at `url`'s port as the superuser. */
async function opens(url: string, password: string) {
  const target = new URL(url);
  target.password = password;
  const client = new pg.Client({ connectionString: target.toString() });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

describe('the embedded Postgres of an npm start install', () => {
  let running: RunningPostgres | undefined;
  let dataDir: string | undefined;
  afterEach(async () => {
    await running?.stop();
    running = undefined;
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('makes the superuser password per install, keeps it 0600, and moves an older folder off the default password', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'catalyst-pg-'));
    const cluster = path.join(dataDir, 'postgres');
    const passwordFile = path.join(dataDir, 'secrets', 'postgres-password.txt');
    // A folder made by an older version: the default password, nothing stored.
    running = await startEmbeddedPostgres({ dataDir: cluster });
    expect(new URL(running.url('postgres')).password).toBe(LEGACY_PASSWORD);
    await running.stop();

    running = await startEmbeddedPostgres({ dataDir: cluster, passwordFile });
    const password = readFileSync(passwordFile, 'utf8').trim();
    expect(password).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mode(passwordFile)).toBe(0o600);
    expect(mode(path.dirname(passwordFile))).toBe(0o700);
    const url = running.url('postgres');
    expect(new URL(url).password).toBe(password);
    expect(await opens(url, password)).toBe(true);
    expect(await opens(url, LEGACY_PASSWORD)).toBe(false);
    expect(mode(dataDir) & 0o077).toBe(0);
    await running.stop();

    // The next start keeps the stored password.
    running = await startEmbeddedPostgres({ dataDir: cluster, passwordFile });
    expect(new URL(running.url('postgres')).password).toBe(password);
    expect(await opens(running.url('postgres'), password)).toBe(true);
  }, 120_000);

  it('starts a new install with a generated password, never the default', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'catalyst-pg-'));
    const passwordFile = path.join(dataDir, 'secrets', 'postgres-password.txt');
    running = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'postgres'), passwordFile });
    const password = readFileSync(passwordFile, 'utf8').trim();
    expect(password).not.toBe(LEGACY_PASSWORD);
    expect(await opens(running.url('postgres'), password)).toBe(true);
    expect(await opens(running.url('postgres'), LEGACY_PASSWORD)).toBe(false);
  }, 120_000);
});

describe('makeDataDirPrivate', () => {
  it('closes a data folder an older version left readable: 0700 folders, 0600 secrets, outbox mail and runtime.json', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'catalyst-data-'));
    try {
      // As an older version left it: everything readable by everyone.
      for (const folder of ['secrets', 'outbox', 'media']) mkdirSync(path.join(dir, folder), { mode: 0o755 });
      const files = [
        path.join(dir, 'runtime.json'),
        path.join(dir, 'secrets', 'webhook-secret.txt'),
        path.join(dir, 'outbox', 'a.eml'),
      ];
      for (const file of files) writeFileSync(file, 'x', { mode: 0o644 });
      chmodSync(dir, 0o755);
      makeDataDirPrivate(dir);
      expect(mode(dir)).toBe(0o700);
      for (const folder of ['secrets', 'outbox', 'media']) expect(mode(path.join(dir, folder))).toBe(0o700);
      for (const file of files) expect(mode(file), file).toBe(0o600);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('makes a new data folder and its outbox, secrets and media folders 0700 before anything is written', () => {
    const parent = mkdtempSync(path.join(tmpdir(), 'catalyst-data-'));
    try {
      const dir = path.join(parent, '.data');
      makeDataDirPrivate(dir);
      expect(mode(dir)).toBe(0o700);
      for (const folder of ['secrets', 'outbox', 'media']) expect(mode(path.join(dir, folder))).toBe(0o700);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });
});
