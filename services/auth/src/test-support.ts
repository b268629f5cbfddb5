// Builds the auth app against a fresh real Postgres database for one test file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDb, type Cache, type MailMessage } from '@catalyst/service-kit';
import {
  TEST_INTERNAL_SECRET,
  connectedTestCache,
  createMemoryMailer,
  createTestDatabase,
  identityHeaders,
  internalHeaders,
  testLog,
} from '@catalyst/service-kit/testing';
import type { Identity } from '@catalyst/contracts';
import { createApp } from './app';
import { configSchema, type Config } from './config';
import type { Database } from './db/schema';
import { createDeps } from './deps';
import { SCHEMA, prepareDatabase } from './setup';

export const PUBLIC_URL = 'http://catalyst.test';

export async function createTestAuth(
  overrides: Partial<Record<keyof Config, string>> = {},
  options: { cache?: Cache } = {},
) {
  const database = await createTestDatabase();
  const outboxDir = mkdtempSync(path.join(tmpdir(), 'auth-outbox-'));
  const config = configSchema.parse({
    DATABASE_URL: database.url,
    INTERNAL_SECRET: TEST_INTERNAL_SECRET,
    PUBLIC_URL,
    OUTBOX_DIR: outboxDir,
    LOG_LEVEL: 'silent',
    // Every test call comes from one address ('direct'); tests of these limits set their own.
    REGISTER_MAX_PER_ADDRESS: '1000',
    RESET_MAX_PER_ADDRESS: '1000',
    ...overrides,
  });
  const db = createDb<Database>({ connectionString: database.url, schema: SCHEMA, poolSize: 4 });
  await prepareDatabase(db, { seed: false, log: testLog });
  const cache = options.cache ?? (await connectedTestCache());
  const mailer = createMemoryMailer();
  const deps = createDeps({ config, db, cache, log: testLog, mailer });
  const app = createApp(deps);

  const call = async (
    method: string,
    url: string,
    { body, headers = {} }: { body?: unknown; headers?: Record<string, string> } = {},
  ) => {
    const res = await app.request(url, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    // The work a request queued (reset links, e-mails) is done before the test looks at the outbox.
    await deps.background.settled();
    return {
      status: res.status,
      body: await res.json(),
      headers: Object.fromEntries(res.headers) as Record<string, string>,
      /** Every Set-Cookie of the answer, in order. */
      cookies: res.headers.getSetCookie(),
    };
  };

  /** What the gateway does for a bearer token: resolve it, then forward the token and the signed identity. */
  const resolve = async (token: string): Promise<Identity | null> => {
    const res = await call('POST', '/internal/sessions/resolve', {
      body: { token },
      headers: internalHeaders(),
    });
    return res.status === 200 ? (res.body.data.identity as Identity) : null;
  };
  const asBearer = async (token: string): Promise<Record<string, string>> => {
    const identity = await resolve(token);
    return { authorization: `Bearer ${token}`, ...(identity ? identityHeaders(identity) : {}) };
  };

  let counter = 0;
  /** Registers a fresh account, signs in as a client does right after, and answers its token, user and password. */
  const register = async (fields: { name?: string; email?: string; password?: string } = {}) => {
    counter += 1;
    const account = {
      name: 'Test Person',
      email: `person${counter}-${Date.now()}@test.example`,
      password: 'Secret-pass-1',
      ...fields,
    };
    const res = await call('POST', '/auth/register', { body: account });
    if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
    const login = await call('POST', '/auth/login', {
      body: { email: account.email, password: account.password },
    });
    if (login.status !== 200)
      throw new Error(`sign-in after register failed: ${login.status} ${JSON.stringify(login.body)}`);
    return { ...account, token: login.body.data.token as string, user: login.body.data.user };
  };

  const close = async () => {
    await cache.close();
    await db.destroy();
    await database.drop();
    rmSync(outboxDir, { recursive: true, force: true });
  };

  return { app, db, cache, config, mailer, deps, call, resolve, asBearer, register, close };
}
export type TestAuth = Awaited<ReturnType<typeof createTestAuth>>;

/** The verification (or, with `page`, reset) link in the last such e-mail sent to an address. */
export function lastLinkTo(
  mailer: { sent: MailMessage[] },
  to: string,
  page: 'verify-email' | 'reset-password' = 'verify-email',
): string | undefined {
  const pattern = new RegExp(`https?://\\S+/${page}\\?token=\\S+`);
  return [...mailer.sent]
    .reverse()
    .find((m) => m.to === to && pattern.test(m.text))
    ?.text.match(pattern)?.[0];
}

export const tokenOf = (link: string) => decodeURIComponent(new URL(link).searchParams.get('token') ?? '');
