/** Limits no stranger can turn against an owner (issue 53, items 3, 4, 8, 9 and 10): resets, new-device sign-in, timing, the local data folder, cache eviction on reset. */
import { randomBytes } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { SessionResponse } from '@catalyst/contracts';
import { latestEmailIn } from '../outbox';
import { dataOf, describe, sleep, type Res, type Suite } from './harness';

const unique = (label: string) => `${label}-${randomBytes(5).toString('hex')}@example.com`;
const uniqueIp = () => `172.31.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0]! % 250)}`;

/** The token of the newest reset link mailed to `to` (the outbox is written after the answer: polled). */
async function resetLinkTo(suite: Suite, to: string, notBefore?: string): Promise<string | undefined> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const mail = latestEmailIn(suite.dataDir, `to: ${to}`);
    const token = mail?.match(/https?:\/\/\S+\/reset-password\?token=([A-Za-z0-9_%-]+)/)?.[1];
    if (token && token !== notBefore) return decodeURIComponent(token);
    if (Date.now() > deadline) return undefined;
    await sleep(50);
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export async function accountAbuse(suite: Suite) {
  await suite.test('forgot-password limits', () => resetLimits(suite));
  await suite.test('new-device sign-in', () => newDeviceSignIn(suite));
  await suite.test('timing', () => timing(suite));
  await suite.test('reset evicts the identity cache', () => resetEvicts(suite));
  await suite.test('the local data folder', () => dataFolder(suite));
}

/** Item 3: strangers cannot block the owner's reset, and a refused request never kills a link already sent. */
async function resetLimits(suite: Suite) {
  const owner = await suite.registerAccount({ email: unique('reset-owner') });
  const home = uniqueIp();
  const signedIn = await suite.request('POST', '/auth/login', {
    body: { email: owner.email, password: owner.password },
    ip: home,
  });
  if (signedIn.status !== 200) throw new Error(`owner sign-in failed: ${describe(signedIn)}`);
  const forgot = (ip: string) =>
    suite.request('POST', '/auth/forgot-password', { body: { email: owner.email }, ip });

  // The owner asks for a link first; then strangers ask for the same address, from many places and from one.
  const first = await forgot(home);
  const earlier = first.status === 200 ? await resetLinkTo(suite, owner.email) : undefined;
  const stranger = uniqueIp();
  const statuses: number[] = [];
  for (let i = 0; i < 5; i += 1) statuses.push((await forgot(stranger)).status);
  for (let i = 0; i < 12; i += 1) statuses.push((await forgot(uniqueIp())).status);
  suite.check(
    'a stranger asking again and again for one address is refused with 429',
    statuses.slice(0, 5).includes(429),
    'a 429 within 5 requests from one address',
    statuses.join(','),
  );
  const ownAgain = await forgot(home);
  const fresh = ownAgain.status === 200 ? await resetLinkTo(suite, owner.email, earlier) : undefined;
  suite.check(
    'after 17 requests from strangers the owner, from their own address, still gets a reset link',
    ownAgain.status === 200 && !!fresh,
    '200 and a new link in the outbox',
    `${describe(ownAgain)} link=${fresh ? 'yes' : 'no'}`,
  );
  const used = earlier
    ? await suite.request('POST', '/auth/reset-password', {
        body: { token: earlier, password: 'Recovered-pass-31' },
        ip: home,
      })
    : undefined;
  suite.check(
    'the link sent before the refused requests still resets the password',
    used?.status === 200,
    '200',
    used ? describe(used) : `no first link (${describe(first)})`,
  );
  const signIn = await suite.request('POST', '/auth/login', {
    body: { email: owner.email, password: 'Recovered-pass-31' },
    ip: home,
  });
  suite.check('the new password signs in', signIn.status === 200, '200', describe(signIn));
}

/** Item 4: wrong passwords from everywhere never keep the owner off a new device. */
async function newDeviceSignIn(suite: Suite) {
  const owner = await suite.registerAccount({ email: unique('device-owner') });
  const wrong = (ip: string, i: number) =>
    suite.request('POST', '/auth/login', { body: { email: owner.email, password: `Wrong-pass-${i}` }, ip });
  const attackers = Array.from({ length: 12 }, uniqueIp);
  // Enough failures from everywhere that new addresses are slowed down…
  for (let i = 0; i < 14; i += 1) await wrong(attackers[i % attackers.length]!, i);
  // …and then the attacker keeps hammering from all of them while the owner tries.
  let stop = false;
  let sent = 0;
  const hammer = Promise.all(
    attackers.map(async (ip, k) => {
      for (let i = 0; !stop; i += 1) {
        sent += 1;
        await wrong(ip, k * 1000 + i);
      }
    }),
  );
  await sleep(300);
  const device = uniqueIp();
  const attempts: Res<SessionResponse>[] = [];
  try {
    attempts.push(
      await suite.request<SessionResponse>('POST', '/auth/login', {
        body: { email: owner.email, password: owner.password },
        ip: device,
      }),
    );
    const waitSeconds = Number(attempts[0]!.headers.get('retry-after'));
    if (attempts[0]!.status === 429 && waitSeconds > 0 && waitSeconds <= 5) {
      await sleep(waitSeconds * 1000 + 100);
      attempts.push(
        await suite.request<SessionResponse>('POST', '/auth/login', {
          body: { email: owner.email, password: owner.password },
          ip: device,
        }),
      );
    }
  } finally {
    stop = true;
    await hammer;
  }
  const last = attempts[attempts.length - 1]!;
  suite.check(
    `while ${sent} wrong passwords arrive from 12 addresses, the owner's right password from a new address gets in after at most one short wait`,
    last.status === 200,
    '200 (after at most one 429 with Retry-After ≤ 5 s)',
    attempts.map((a) => `${describe(a)} retry-after=${a.headers.get('retry-after')}`).join(' | '),
  );
}

/**
 * Item 8: forgot-password and registration take as long for an address with an account as without. Each try
 * sends one request of each kind at the same moment (which is sent first is random) and keeps the gap between
 * their answers (known minus unknown): a burst of load on this shared host slows both alike, so the gap cancels
 * it. The statistic is the median gap over every try so far, judged after each round of TRIES: it passes under
 * LIMIT_MS, and a round that does not pass adds TRIES more (at most ROUNDS). Under CI's load a single round of 50
 * wandered by about 1.5 ms (and the gap of the two sides' medians by up to 17 ms), so it could neither pass an
 * equal path reliably nor catch a small gap; the pooled median of 150 and more does both: a planted 3 ms gap
 * measures about 3 ms (the real gap was 3–10 ms before the fix).
 */
const TRIES = 150;
/**
 * Rounds before the timing case gives up: CI runs this suite beside the whole npm test, a load that widens the noise.
 * Registration's first round read -7.81 to +3.44 ms in eight clean-clone runs (6 needed a second round, the pooled
 * 300 then read -1.18 to +1.37 ms); one run read +1.82, +2.29, +1.86 ms over 150, 300 and 450 tries and failed at 3.
 */
const ROUNDS = 4;
const LIMIT_MS = 1.5;

async function timing(suite: Suite) {
  const warmUp = 5;
  const password = 'Secure-pass-1';
  const register = (email: string) =>
    suite.request('POST', '/auth/register', { body: { name: 'Timing Tester', email, password } });
  const accounts = async (count: number) => {
    const known: string[] = [];
    while (known.length < count) {
      const batch = Array.from({ length: Math.min(4, count - known.length) }, () => unique('timing'));
      for (const reg of await Promise.all(batch.map(register))) {
        if (reg.status !== 201) throw new Error(`register failed: ${describe(reg)}`);
      }
      known.push(...batch);
    }
    return known;
  };

  const measure = async (label: string, send: (email: string) => Promise<Res>) => {
    const gaps: number[] = [];
    const statuses = new Set<number>();
    const rounds: string[] = [];
    const took = async (email: string) => {
      const started = performance.now();
      const res = await send(email);
      statuses.add(res.status);
      return performance.now() - started;
    };
    let passed = false;
    for (let round = 0; round < ROUNDS && !passed; round += 1) {
      const known = await accounts(TRIES + warmUp);
      for (let i = 0; i < TRIES + warmUp; i += 1) {
        // Both at once; which request is sent first is random.
        const knownFirst = randomBytes(1)[0]! % 2 === 0;
        const first = took(knownFirst ? known[i]! : unique('timing-nobody'));
        const second = took(knownFirst ? unique('timing-nobody') : known[i]!);
        const [a, b] = await Promise.all([first, second]);
        if (i >= warmUp) gaps.push(knownFirst ? a - b : b - a);
      }
      const gap = median(gaps);
      passed = Math.abs(gap) < LIMIT_MS && [...statuses].every((s) => s < 300);
      rounds.push(
        `${gaps.length} tries: median gap ${gap.toFixed(2)} ms, statuses ${[...statuses].join(',')}`,
      );
    }
    suite.check(
      `${label}: an address with an account answers within ${LIMIT_MS} ms of one without (median gap of paired tries)`,
      passed,
      `|median gap| < ${LIMIT_MS} ms over ${TRIES} tries or more, every answer a success`,
      rounds.join(' | '),
    );
    console.log(`${label} timing: ${rounds.join(' | ')}`);
  };
  await measure('forgot-password', (email) =>
    suite.request('POST', '/auth/forgot-password', { body: { email } }),
  );
  await measure('register', register);
}

/** Item 10: a reset ends the old session at once, also on a gateway without Redis (this product has none). */
async function resetEvicts(suite: Suite) {
  const owner = await suite.registerAccount({ email: unique('reset-evict') });
  const home = uniqueIp();
  // The gateway has resolved the token (and keeps its identity for IDENTITY_CACHE_SECONDS).
  for (const p of ['/auth/me', '/subscription/status', '/content/progress']) {
    const res = await suite.request('GET', p, { token: owner.token });
    if (res.status !== 200) throw new Error(`${p} before the reset: ${describe(res)}`);
  }
  await suite.request('POST', '/auth/forgot-password', { body: { email: owner.email }, ip: home });
  const token = await resetLinkTo(suite, owner.email);
  if (!token) throw new Error('no reset link in the outbox');
  const reset = await suite.request('POST', '/auth/reset-password', {
    body: { token, password: 'Recovered-pass-47' },
    ip: home,
  });
  suite.check('the reset succeeds', reset.status === 200, '200', describe(reset));
  const after = [];
  for (const p of ['/auth/me', '/subscription/status', '/content/progress'])
    after.push(`${p} ${(await suite.request('GET', p, { token: owner.token })).status}`);
  suite.check(
    "right after a password reset the old session's token is refused at once everywhere",
    after.every((line) => line.endsWith(' 401')),
    '401 on every service',
    after.join(', '),
  );
  const relogin = await suite.request('POST', '/auth/login', {
    body: { email: owner.email, password: 'Recovered-pass-47' },
    ip: home,
  });
  suite.check(
    'the new password signs in',
    relogin.status === 200 && !!dataOf(relogin),
    '200',
    describe(relogin),
  );
}

/** Item 9: the data folder of an `npm start` host is its owner's alone, and its database has no default password. */
async function dataFolder(suite: Suite) {
  const mode = (p: string) => statSync(p).mode & 0o777;
  const open: string[] = [];
  const visit = (dir: string, depth: number) => {
    if (mode(dir) & 0o077) open.push(`${path.relative(suite.dataDir, dir) || '.'}/ ${mode(dir).toString(8)}`);
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      // Postgres keeps its own folder 0700; the media store holds files the gateway serves anyway.
      if (entry.isDirectory()) {
        if (depth === 0 && (entry.name === 'postgres' || entry.name === 'media')) {
          if (mode(full) & 0o077) open.push(`${entry.name}/ ${mode(full).toString(8)}`);
          continue;
        }
        visit(full, depth + 1);
      } else if (entry.isFile() && mode(full) & 0o077)
        open.push(`${path.relative(suite.dataDir, full)} ${mode(full).toString(8)}`);
    }
  };
  visit(suite.dataDir, 0);
  const outbox = readdirSync(path.join(suite.dataDir, 'outbox')).filter((f) => f.endsWith('.eml'));
  suite.check(
    'the data folder is 0700 and runtime.json, the secrets and the outbox .eml files are 0600',
    open.length === 0 && outbox.length > 0,
    'nothing readable by group or others',
    open.slice(0, 8).join(', ') || `${outbox.length} .eml files`,
  );
  const url = new URL(suite.runtime.databaseUrl);
  suite.check(
    'the embedded database password is not the default',
    url.password !== '' && url.password !== 'postgres' && url.password.length >= 20,
    'a generated password',
    url.password === 'postgres' ? 'postgres' : `${url.password.length} characters`,
  );
  url.username = 'postgres';
  url.password = 'postgres';
  const guess = new pg.Client({ connectionString: url.toString() });
  const refused = await guess.connect().then(
    async () => {
      await guess.end();
      return false;
    },
    () => true,
  );
  suite.check(
    'postgres/postgres does not open the database',
    refused,
    'authentication refused',
    'it connected',
  );
}
