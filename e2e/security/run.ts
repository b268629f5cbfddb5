/**
 * `npm run test:security`: starts the product once (startProduct, TRUST_PROXY=1 so HSTS and per-client
 * limits can be exercised), runs every attack area against it, prints each failing case with what was
 * expected and what was seen, and ends with the line `N passed, N failed` (exit code 1 on any failure).
 * `--attach <dataDir>` runs against a product already started with that data folder (development).
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { isFreeProduct, type Page, type PublicProduct, type SessionResponse } from '@catalyst/contracts';
import { startProduct } from '../../scripts/lib/product';
import { accessMatrix } from './access-matrix';
import { apiKeyAttacks } from './api-keys';
import { badInput } from './bad-input';
import { billingGifts } from './billing-gifts';
import { billingPlans } from './billing-plans';
import { certificateAttacks } from './certificates';
import { communityAttacks } from './community';
import { creatorStudioAttacks } from './creator-studio';
import { curriculumAttacks } from './curriculum';
import { fuzzing } from './fuzzing';
import { hardening } from './hardening';
import { Suite, dataOf, leaksInternals, type Fixtures, type Role } from './harness';
import { securityHeaders } from './headers';
import { identityForgery } from './identity-forgery';
import { idor } from './idor';
import { ltiAttacks } from './lti';
import { notesAttacks } from './notes';
import { outgoingWebhookAttacks } from './outgoing-webhooks';
import { pathAttacks } from './paths';
import { mediaAttacks } from './media';
import { sessionCookieAttacks } from './session-cookie';
import { signInAbuse } from './sign-in';
import { webhooks } from './webhooks';
import { xapiAttacks } from './xapi';
import { mediaBinding } from './media-binding';
import { quizIntegrity } from './quiz-integrity';
import { accountAbuse } from './account-abuse';
import { streamsOffline } from './streams-offline';
import { platformLimits } from './platform-limits';
import { storedXss } from './xss';
import { teamSsoAttacks } from './team-sso';
import { teamScimAttacks } from './team-scim';
import { teamJoinLinkAttacks } from './team-join-link';

const AREAS: [string, (s: Suite) => Promise<void>][] = [
  ['access matrix', accessMatrix],
  ['identity forgery', identityForgery],
  ['idor', idor],
  ['bad input', badInput],
  ['fuzzing', fuzzing],
  ['stored xss', storedXss],
  ['webhooks', webhooks],
  ['sign-in abuse', signInAbuse],
  ['session cookie', sessionCookieAttacks],
  ['headers', securityHeaders],
  ['hardening', hardening],
  ['media', mediaAttacks],
  ['curriculum', curriculumAttacks],
  ['certificates', certificateAttacks],
  ['community', communityAttacks],
  ['media binding', mediaBinding],
  ['quiz integrity', quizIntegrity],
  ['account abuse', accountAbuse],
  ['streams and offline', streamsOffline],
  ['platform limits', platformLimits],
  ['billing gifts', billingGifts],
  ['billing plans', billingPlans],
  ['notes', notesAttacks],
  ['learning paths', pathAttacks],
  ['team sso', teamSsoAttacks],
  ['team scim', teamScimAttacks],
  ['team join link', teamJoinLinkAttacks],
  ['creator studio', creatorStudioAttacks],
  ['xapi', xapiAttacks],
  ['outgoing webhooks', outgoingWebhookAttacks],
  ['api keys', apiKeyAttacks],
  ['lti', ltiAttacks],
];

const demo = {
  admin: { email: 'admin@catalyst.example', password: 'Admin-pass-1' },
  member: { email: 'member@catalyst.example', password: 'Member-pass-1' },
  learner: { email: 'learner@catalyst.example', password: 'Learner-pass-1' },
  creator: { email: 'creator@catalyst.example', password: 'Creator-pass-1' },
} as const;

async function loadFixtures(suite: Suite): Promise<Fixtures> {
  const tokens = {} as Fixtures['tokens'];
  const users = {} as Fixtures['users'];
  for (const role of Object.keys(demo) as Exclude<Role, 'anonymous'>[]) {
    const res = await suite.request<SessionResponse>('POST', '/auth/login', { body: demo[role] });
    if (res.status !== 200) throw new Error(`cannot sign in as ${role}: ${res.status} ${res.text}`);
    const session = dataOf(res);
    tokens[role] = session.token;
    users[role] = { id: session.user._id, ...demo[role] };
  }
  const list = await suite.request<Page<PublicProduct>>('GET', '/content/products?limit=20');
  // A premium product: a free one (priced 0) opens for every signed-in user, so it cannot stand for premium access.
  const p = dataOf(list).items.find((item) => !isFreeProduct(item))!;
  return {
    tokens,
    users,
    product: {
      _id: p._id,
      slug: p.slug,
      productId: p.productId,
      categoryId: p.categoryId,
      creatorId: p.creatorId,
    },
    categorySlug: p.category.slug,
  };
}

async function main() {
  const started = Date.now();
  const attach = process.argv.indexOf('--attach');
  let stop = async () => {};
  let url: string;
  let runtime: { services: Record<string, number>; databaseUrl: string };
  let dataDir: string;
  const logs: string[] = [];
  if (attach > 0) {
    dataDir = process.argv[attach + 1]!;
    runtime = JSON.parse(readFileSync(path.join(dataDir, 'runtime.json'), 'utf8'));
    url = (runtime as unknown as { gateway: string }).gateway;
  } else {
    dataDir = await mkdtemp(path.join(tmpdir(), 'catalyst-security-'));
    console.log('starting the product…');
    // Info-level logs are kept for the log checks (links never logged, no forged lines); a short
    // header timeout lets the slow-client case finish in seconds.
    const env = { TRUST_PROXY: '1', LOG_LEVEL: 'info', HEADERS_TIMEOUT_MS: '3000' };
    const product = await startProduct({ dataDir, env, onLog: (line) => void logs.push(line) }).catch(
      (error: unknown) => {
        console.log(
          `FAIL the product starts\n     expected: startProduct to succeed\n     seen:     ${String(error instanceof Error ? error.message : error)}`,
        );
        console.log('0 passed, 1 failed');
        process.exit(1);
      },
    );
    url = product.url;
    runtime = product.runtime;
    stop = async () => {
      await product.stop();
      await rm(product.dataDir, { recursive: true, force: true });
    };
    console.log(`product up at ${url} in ${((Date.now() - started) / 1000).toFixed(1)}s`);
  }
  const db = new pg.Pool({ connectionString: runtime.databaseUrl, max: 3 });
  const suite = new Suite(url, runtime, db, dataDir, logs);
  try {
    suite.fixtures = await loadFixtures(suite);
    const only = process.env.SECURITY_AREAS?.split(',').map((s) => s.trim());
    for (const [name, area] of AREAS) {
      if (only && !only.includes(name)) continue;
      const t = Date.now();
      const before = suite.passed + suite.failures.length;
      suite.setArea(name);
      await suite.test('area', () => area(suite));
      console.log(
        `${name}: ${suite.passed + suite.failures.length - before} cases in ${((Date.now() - t) / 1000).toFixed(1)}s`,
      );
    }
    suite.setArea('error bodies');
    const leaks = suite.errorBodies.filter((e) => leaksInternals(e.text));
    suite.check(
      `none of the ${suite.errorBodies.length} error answers carries a stack trace, file path or SQL`,
      leaks.length === 0,
      'no stack frames, source paths, SQL or driver messages',
      () =>
        leaks
          .slice(0, 5)
          .map((l) => `${l.where} → ${l.text.slice(0, 200)}`)
          .join(' | '),
    );
    // The product runs with RESPONSE_CHECK=strict (startProduct): an answer that drifts from its declaration is a
    // 500 and an error line naming the route, caught here even when a case did not look at the status.
    suite.setArea('declared answers');
    const drifts = logs.filter((line) => line.includes('answer does not match its declaration'));
    suite.check(
      'every answer matched its declared schema',
      drifts.length === 0,
      'no "answer does not match its declaration" line in the product log',
      () =>
        drifts
          .slice(0, 5)
          .map((line) => line.slice(0, 400))
          .join(' | '),
    );
  } catch (error) {
    suite.check(
      'suite setup',
      false,
      'fixtures to load',
      String(error instanceof Error ? error.stack : error),
    );
  } finally {
    await db.end();
    await stop();
  }
  console.log(`run time ${((Date.now() - started) / 1000).toFixed(1)}s`);
  console.log(`${suite.passed} passed, ${suite.failures.length} failed`);
  process.exit(suite.failures.length > 0 ? 1 : 0);
}

await main();
