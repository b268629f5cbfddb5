import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { demoSignIns } from '@catalyst/contracts';
import { verifyPassword } from '../../services/auth/src/passwords';

/** True for an interface only this machine can reach (unset means loopback: the gateway's default). */
export function isLoopbackHost(host: string | undefined): boolean {
  if (host === undefined || host === '') return true;
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}

/**
 * Demo accounts have passwords the README publishes. On an interface others can reach they must not
 * exist with those passwords: answers the demo e-mails that still sign in with them.
 */
export async function demoAccountsWithPublishedPasswords(databaseUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const emails = demoSignIns.map((a) => a.email);
    // Runs after the migrations: an error here stops the start (fail closed), it never reads as "none".
    const { rows } = await client.query<{ email: string; password_hash: string }>(
      'select email, password_hash from auth.users where email = any($1)',
      [emails],
    );
    const exposed: string[] = [];
    for (const row of rows) {
      const account = demoSignIns.find((a) => a.email === row.email);
      if (account && (await verifyPassword(row.password_hash, account.password))) exposed.push(row.email);
    }
    return exposed;
  } finally {
    await client.end();
  }
}

/**
 * A secret made once per install and kept in DATA_DIR (mode 600), so no two installs share one and none
 * is written in the source: the sandbox's API key and the webhook signing secret.
 */
export function installSecret(dataDir: string, name: string, make: () => string): string {
  const file = path.join(dataDir, 'secrets', `${name}.txt`);
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept) return kept;
  }
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const value = make();
  writeFileSync(file, `${value}\n`, { mode: 0o600 });
  return value;
}

export const newSandboxKey = () => `sk_test_sandbox_${randomBytes(24).toString('base64url')}`;
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;
