/**
 * The outside review's findings, each kept as an attack that must keep failing: exposure of the demo
 * admin, limits under concurrency, lockout as a weapon, registration and e-mail change that reveal
 * accounts, account recovery, event-loop stalls from nested bodies, staff data, caching of sensitive
 * answers, log injection, tooling files and premium captions, copied video links, slow clients, the
 * sandbox's pages and portal links, links in logs, common passwords and signing out everywhere.
 */
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import type { ProductDetail, RouteData, SessionResponse, subscriptionRoutes } from '@catalyst/contracts';
import { formatLogLine } from '../../scripts/lib/logs';
import { latestEmailIn } from '../outbox';
import { dataOf, describe, isErrorShape, sleep, type Suite } from './harness';

const unique = (label: string) => `${label}-${randomBytes(5).toString('hex')}@example.com`;
const uniqueIp = () => `172.20.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0]! % 250)}`;

/** The newest outbox message to `to` (the product writes one .eml file per message without SMTP). */
const lastMailTo = (suite: Suite, to: string) => latestEmailIn(suite.dataDir, `to: ${to}`);

const linkIn = (mail: string | undefined, page: string) =>
  mail?.match(new RegExp(`https?://\\S+/${page}\\?token=([A-Za-z0-9_%-]+)`))?.[1];

/** Opens a raw socket, sends `send`, and tells how it ended within `waitMs`. */
const rawSocket = (port: number, host: string, send: string, waitMs: number) =>
  new Promise<{ ended: 'closed' | 'open' | 'refused'; destroy: () => void }>((resolve) => {
    const socket = connect(port, host, () => socket.write(send));
    // Flowing, so the server's answer is read and its closing of the connection is seen.
    socket.resume();
    socket.on('error', (error: NodeJS.ErrnoException) =>
      resolve({
        ended: error.code === 'ECONNREFUSED' ? 'refused' : 'closed',
        destroy: () => socket.destroy(),
      }),
    );
    socket.on('close', () => resolve({ ended: 'closed', destroy: () => socket.destroy() }));
    setTimeout(() => resolve({ ended: 'open', destroy: () => socket.destroy() }), waitMs);
  });

export async function hardening(suite: Suite) {
  const f = suite.fixtures;
  const gatewayPort = Number(new URL(suite.url).port);

  // 1. Loopback by default: the gateway does not answer on this machine's other addresses.
  const outward = Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal);
  if (outward) {
    const attempt = await rawSocket(gatewayPort, outward.address, '', 1_000);
    attempt.destroy();
    suite.check(
      `the gateway is not reachable on ${outward.address} (not loopback)`,
      attempt.ended !== 'open',
      'connection refused',
      attempt.ended,
    );
  }

  // 2. Forty wrong passwords at once for one e-mail from one address: exactly the limit is checked.
  const victim = await suite.registerAccount({ email: unique('parallel') });
  const ip = uniqueIp();
  const statuses = (
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        suite.request('POST', '/auth/login', {
          body: { email: victim.email, password: `Wrong-pass-${i}` },
          ip,
        }),
      ),
    )
  ).map((r) => r.status);
  const wrong = statuses.filter((s) => s === 401).length;
  suite.check(
    '40 parallel wrong passwords get exactly 5 answers of 401 and 429 for the rest',
    wrong === 5 && statuses.filter((s) => s === 429).length === 35,
    '5 × 401, 35 × 429',
    statuses.join(','),
  );

  // 3. Lockout as a weapon: failures from everywhere never lock the owner out of their own address.
  const owner = await suite.registerAccount({ email: unique('owner') });
  const home = uniqueIp();
  await suite.request('POST', '/auth/login', {
    body: { email: owner.email, password: owner.password },
    ip: home,
  });
  for (let i = 0; i < 15; i += 1)
    await suite.request('POST', '/auth/login', { body: { email: owner.email, password: `Wrong-${i}` } });
  const stranger = await suite.request('POST', '/auth/login', {
    body: { email: owner.email, password: 'Wrong-again-1' },
  });
  suite.check(
    'after many failures from many addresses a new address is slowed (429 with Retry-After)',
    stranger.status === 429 && Number(stranger.headers.get('retry-after')) > 0,
    '429 + Retry-After',
    `${describe(stranger)} retry-after=${stranger.headers.get('retry-after')}`,
  );
  const ownerAgain = await suite.request('POST', '/auth/login', {
    body: { email: owner.email, password: owner.password },
    ip: home,
  });
  suite.check(
    'the owner still signs in from their own address',
    ownerAgain.status === 200,
    '200',
    describe(ownerAgain),
  );

  // 4. Registration: limited per address, and a taken address is answered exactly like a free one.
  const regIp = uniqueIp();
  const regs = await Promise.all(
    Array.from({ length: 20 }, () =>
      suite.request('POST', '/auth/register', {
        body: { name: 'Spam Bot', email: unique('spam'), password: 'Secure-pass-1' },
        ip: regIp,
      }),
    ),
  );
  const created = regs.filter((r) => r.status === 201).length;
  suite.check(
    '20 registrations at once from one address: at most 10 go through, the rest 429',
    created <= 10 && regs.every((r) => r.status === 201 || (r.status === 429 && isErrorShape(r.body))),
    '≤ 10 × 201, else 429',
    regs.map((r) => r.status).join(','),
  );
  const freeEmail = unique('free');
  const free = await suite.request('POST', '/auth/register', {
    body: { name: 'Free Address', email: freeEmail, password: 'Secure-pass-1' },
  });
  const taken = await suite.request('POST', '/auth/register', {
    body: { name: 'Free Address', email: f.users.learner.email, password: 'Secure-pass-1' },
  });
  const normalise = (text: string) =>
    text.replace(freeEmail, '<email>').replace(f.users.learner.email, '<email>');
  suite.check(
    'registering a taken address answers exactly like a free one',
    free.status === 201 && taken.status === 201 && normalise(free.text) === normalise(taken.text),
    'the same 201 body',
    `${describe(free)} | ${describe(taken)}`,
  );
  await sleep(200);
  suite.check(
    'the owner of the taken address is told by e-mail instead',
    /tried to create/i.test(lastMailTo(suite, f.users.learner.email) ?? ''),
    'a warning e-mail in the outbox',
    'no such e-mail',
  );
  const newcomer = await suite.registerAccount({ email: unique('unverified') });
  const checkout = await suite.request('POST', '/subscription/create-checkout-session', {
    token: newcomer.token,
    body: { plan: 'premium' },
  });
  suite.check(
    'an unverified new account cannot subscribe',
    checkout.status === 403 && isErrorShape(checkout.body),
    '403 in the error shape',
    describe(checkout),
  );

  // 5. Account recovery: the same answer for any address; a single-use link resets and ends every session.
  const lost = await suite.registerAccount({ email: unique('lost') });
  const known = await suite.request('POST', '/auth/forgot-password', { body: { email: lost.email } });
  const unknown = await suite.request('POST', '/auth/forgot-password', { body: { email: unique('nobody') } });
  suite.check(
    'forgot-password answers the same whether the address has an account or not',
    known.status === 200 && known.text === unknown.text,
    'identical 200 answers',
    `${describe(known)} | ${describe(unknown)}`,
  );
  await sleep(200);
  const resetToken = linkIn(lastMailTo(suite, lost.email), 'reset-password');
  const stored = resetToken
    ? await suite.db.query('select 1 from auth.email_verifications where token_hash = $1', [
        decodeURIComponent(resetToken),
      ])
    : { rowCount: 1 };
  suite.check(
    'a reset link was mailed and its token is not stored as sent',
    !!resetToken && stored.rowCount === 0,
    'a link, stored hashed',
    String(resetToken),
  );
  if (resetToken) {
    const reset = await suite.request('POST', '/auth/reset-password', {
      body: { token: decodeURIComponent(resetToken), password: 'Recovered-pass-7' },
    });
    const oldSession = await suite.request('GET', '/auth/me', { token: lost.token });
    const again = await suite.request('POST', '/auth/reset-password', {
      body: { token: decodeURIComponent(resetToken), password: 'Another-pass-8' },
    });
    suite.check(
      'the reset link sets the password once and ends every session',
      reset.status === 200 && oldSession.status === 401 && again.status === 400,
      '200, then 401 for the old session, 400 for a second use',
      `${reset.status} ${oldSession.status} ${again.status}`,
    );
  }
  const resetIp = uniqueIp();
  const resets = [];
  for (let i = 0; i < 12; i += 1)
    resets.push(
      (
        await suite.request('POST', '/auth/forgot-password', {
          body: { email: unique('reset-spam') },
          ip: resetIp,
        })
      ).status,
    );
  suite.check(
    'reset requests are limited per address',
    resets.includes(429),
    'a 429 within 12 requests',
    resets.join(','),
  );

  // 6. E-mail change: needs the password, tells the old address, and never reveals a taken one.
  const mover = await suite.registerAccount({ email: unique('mover') });
  const noPassword = await suite.request('PUT', '/users/profile', {
    token: mover.token,
    body: { name: mover.name, email: unique('moved') },
  });
  suite.check(
    'changing the e-mail without the current password is refused',
    noPassword.status === 400 && isErrorShape(noPassword.body),
    '400',
    describe(noPassword),
  );
  const newAddress = unique('moved');
  const moved = await suite.request('PUT', '/users/profile', {
    token: mover.token,
    body: { name: mover.name, email: newAddress, currentPassword: mover.password },
  });
  await sleep(200);
  suite.check(
    'with the password the e-mail changes and the old address is told',
    moved.status === 200 && /was changed/i.test(lastMailTo(suite, mover.email) ?? ''),
    '200 + a notice to the old address',
    describe(moved),
  );
  const grab = await suite.registerAccount({ email: unique('grab') });
  const grabTaken = await suite.request('PUT', '/users/profile', {
    token: grab.token,
    body: { name: grab.name, email: f.users.member.email, currentPassword: grab.password },
  });
  const memberRow = await suite.db.query<{ id: string }>('select id from auth.users where email = $1', [
    f.users.member.email,
  ]);
  suite.check(
    'changing to a taken address reveals nothing and changes nothing',
    grabTaken.status === 200 && memberRow.rows[0]?.id === f.users.member.id,
    '200, the member keeps the address',
    describe(grabTaken),
  );
  const lookAlike = await suite.request('POST', '/auth/register', {
    body: { name: 'Look Alike', email: 'аdmin@catalyst.example', password: 'Secure-pass-1' },
  });
  suite.check(
    'a look-alike address mixing alphabets is refused',
    lookAlike.status === 400 && isErrorShape(lookAlike.body),
    '400',
    describe(lookAlike),
  );

  // 7. A large, deeply nested JSON body costs its sender a 400 and nobody else any time.
  const nested = `{"email":"a@example.com","password":${'['.repeat(450_000)}${']'.repeat(450_000)}}`;
  const timings: number[] = [];
  const bystanders = (async () => {
    for (let i = 0; i < 20; i += 1) {
      const t = Date.now();
      await suite.request('GET', '/categories');
      timings.push(Date.now() - t);
    }
  })();
  const heavy = await Promise.all(
    Array.from({ length: 3 }, () =>
      suite.request('POST', '/auth/login', { raw: nested, headers: { 'content-type': 'application/json' } }),
    ),
  );
  await bystanders;
  const worst = Math.max(...timings);
  suite.check(
    'a 900 KB nested JSON body is refused in the error shape',
    heavy.every((r) => (r.status === 400 || r.status === 413) && isErrorShape(r.body)),
    '400/413',
    heavy.map(describe).join(' | '),
  );
  suite.check(
    'other requests stay fast while such bodies arrive',
    worst < 400,
    'every bystander under 400 ms (it was 500–700 ms when the gateway parsed bodies)',
    `${timings.join(',')} ms`,
  );

  // 9. Subscribers see creators, never the staff account that entered a product.
  const detail = await suite.request<ProductDetail>('GET', `/content/premium/products/${f.product.slug}`, {
    token: f.tokens.member,
  });
  suite.check(
    'premium product answers carry no staff account',
    detail.status === 200 && !('createdBy' in dataOf(detail)) && !detail.text.includes(f.users.admin.email),
    'no createdBy, no admin e-mail',
    detail.text.slice(0, 200),
  );

  // 10. Sensitive answers are never stored by a browser or a shared cache.
  const login = await suite.request('POST', '/auth/login', {
    body: { email: f.users.member.email, password: f.users.member.password },
  });
  const sensitive = [
    ['sign-in (token)', login],
    ['/auth/me', await suite.request('GET', '/auth/me', { token: f.tokens.member })],
    ['a premium product (signed links)', detail],
    ['an admin answer', await suite.request('GET', '/admin/stats', { token: f.tokens.admin })],
    [
      'the subscription status',
      await suite.request('GET', '/subscription/status', { token: f.tokens.member }),
    ],
  ] as const;
  for (const [label, res] of sensitive)
    suite.check(
      `${label} is Cache-Control: no-store`,
      /no-store/.test(res.headers.get('cache-control') ?? ''),
      'no-store',
      String(res.headers.get('cache-control')),
    );

  // 11. Log injection: a value with a line break cannot forge a line of the launcher's output.
  const marker = `forged-${randomBytes(4).toString('hex')}`;
  await suite.request('GET', `/content/products?search=x%0A%5Bauth%5D%20${marker}%0D`);
  const forgedLine = formatLogLine(
    JSON.stringify({
      level: 30,
      time: new Date().toISOString(),
      msg: 'request',
      path: `/x?q=x\n[auth]  ${marker}`,
      event: `evt_1\r\u001b[2K`,
    }),
  );
  suite.check(
    'the log formatter writes control characters visibly',
    !/[\n\r]/.test(forgedLine) && !forgedLine.includes('\u001b') && forgedLine.includes('\\n[auth]'),
    'one line, escapes shown',
    JSON.stringify(forgedLine),
  );
  const forgedInOutput = suite.logs.filter(
    (line) => line.includes(marker) && /^\s*\[auth\]/.test(line.replace(/^\[[^\]]+\]\s*/, '')),
  );
  suite.check(
    'no line of the product’s output starts where a query put a line break',
    forgedInOutput.length === 0,
    'none',
    forgedInOutput.slice(0, 2).join(' | '),
  );

  // 12. Only media files under /media, and premium captions follow the video's access.
  for (const file of ['/media/README.md', '/media/generate.sh']) {
    const res = await fetch(`${suite.url}${file}`);
    suite.check(`${file} is not served`, res.status === 404, '404', String(res.status));
  }
  const captions = await fetch(`${suite.url}/media/captions/lesson-1.vtt`);
  suite.check(
    'premium captions are refused without the viewer’s media grant',
    captions.status === 403,
    '403',
    String(captions.status),
  );

  // 13. A signed video link works only with the viewer's own grant, which lives minutes.
  const page = await fetch(`${suite.api}/content/premium/products/${f.product.slug}`, {
    headers: { authorization: `Bearer ${f.tokens.member}` },
  });
  const grantCookie = page.headers.get('set-cookie') ?? '';
  const videoUrl = ((await page.json()) as { data: { videoUrl: string } }).data.videoUrl;
  const grant = grantCookie.split(';')[0] ?? '';
  const withGrant = await fetch(`${suite.url}${videoUrl}`, {
    headers: { cookie: grant, range: 'bytes=0-99' },
  });
  const copied = await fetch(`${suite.url}${videoUrl}`, { headers: { range: 'bytes=0-99' } });
  suite.check(
    'the member’s signed link plays with their grant',
    withGrant.status === 206,
    '206',
    String(withGrant.status),
  );
  suite.check(
    'the same link copied to a browser without the grant is refused',
    copied.status === 403,
    '403',
    String(copied.status),
  );
  const maxAge = Number(/Max-Age=(\d+)/.exec(grantCookie)?.[1]);
  const exp = Number(new URL(videoUrl, suite.url).searchParams.get('exp'));
  suite.check(
    'the grant is HttpOnly, only for /media, and lives minutes',
    /HttpOnly/.test(grantCookie) && /Path=\/media/.test(grantCookie) && maxAge > 0 && maxAge <= 900,
    'HttpOnly; Path=/media; Max-Age ≤ 15 min',
    grantCookie,
  );
  suite.check(
    'signed links live minutes, not hours',
    exp * 1000 - Date.now() <= 31 * 60_000,
    '≤ 30 minutes',
    `${Math.round((exp * 1000 - Date.now()) / 60_000)} min`,
  );
  const learnerPage = await fetch(`${suite.api}/content/premium/products/${f.product.slug}`, {
    headers: { authorization: `Bearer ${f.tokens.learner}` },
  });
  suite.check(
    'a learner without a plan is given no grant',
    learnerPage.status === 403 && !learnerPage.headers.get('set-cookie'),
    '403 and no cookie',
    `${learnerPage.status} ${learnerPage.headers.get('set-cookie')}`,
  );

  // 14. Slow clients: headers must arrive in time; one address cannot hold the gateway's sockets.
  const slow = await rawSocket(gatewayPort, '127.0.0.1', 'GET /api/v1/health HTTP/1.1\r\nHost: x\r\n', 8_000);
  slow.destroy();
  suite.check(
    'a client that sends its headers too slowly is cut off',
    slow.ended === 'closed',
    'closed within 8 s (HEADERS_TIMEOUT_MS=3000)',
    slow.ended,
  );
  // This process's own keep-alive connections count too: of 70 new ones, some must be closed and never more than 64 stay open.
  const held = await Promise.all(
    Array.from({ length: 70 }, () => rawSocket(gatewayPort, '127.0.0.1', '', 500)),
  );
  for (const socket of held) socket.destroy();
  const stayed = held.filter((h) => h.ended === 'open').length;
  suite.check(
    'connections over the per-address cap (64) are closed at once',
    stayed <= 64 && stayed >= 50 && held.length - stayed >= 6,
    'at most 64 stay open, the rest closed',
    `${stayed} open, ${held.length - stayed} closed`,
  );
  await sleep(300);

  // 15. The sandbox's hosted pages are never framed; portal links expire.
  const portal = await suite.request<RouteData<typeof subscriptionRoutes.portal>>(
    'POST',
    '/subscription/portal',
    {
      token: f.tokens.member,
    },
  );
  if (portal.status === 200) {
    const portalUrl = dataOf(portal).url;
    const open = await fetch(portalUrl);
    suite.check(
      'the sandbox portal page forbids framing and scripts',
      open.headers.get('x-frame-options') === 'DENY' &&
        /frame-ancestors 'none'/.test(open.headers.get('content-security-policy') ?? ''),
      'X-Frame-Options DENY + CSP',
      `${open.headers.get('x-frame-options')} ${open.headers.get('content-security-policy')}`,
    );
    await suite.db.query(
      'update payments_sandbox.portal_sessions set created = created - 7200 where id = $1',
      [portalUrl.split('/').pop()],
    );
    const expired = await fetch(portalUrl);
    suite.check('a portal link expires', expired.status === 404, '404 after an hour', String(expired.status));
  } else suite.check('the member can open the billing portal', false, '200', describe(portal));

  // 15. Links are never written to the logs outside development; common passwords are refused.
  await sleep(300);
  const leakedLinks = suite.logs.filter((line) => /(verify-email|reset-password)\?token=/.test(line));
  suite.check(
    'no verification or reset link appears in the product’s logs',
    leakedLinks.length === 0,
    'none',
    leakedLinks.slice(0, 2).join(' | '),
  );
  const common = await suite.request('POST', '/auth/register', {
    body: { name: 'Common Person', email: unique('common'), password: 'Password123' },
  });
  suite.check(
    'a common password (Password123) is refused with a clear message',
    common.status === 400 && /common/i.test(common.body?.message ?? ''),
    '400 "…too common…"',
    describe(common),
  );

  // 15. Sign out of every device.
  const traveller = await suite.registerAccount({ email: unique('traveller') });
  const phone = await suite.request<SessionResponse>('POST', '/auth/login', {
    body: { email: traveller.email, password: traveller.password },
  });
  const everywhere = await suite.request('POST', '/auth/logout-all', { token: traveller.token });
  await sleep(100);
  const phoneAfter = await suite.request('GET', '/auth/me', { token: dataOf(phone).token });
  const laptopAfter = await suite.request('GET', '/auth/me', { token: traveller.token });
  suite.check(
    'signing out everywhere ends every session at once',
    everywhere.status === 200 && phoneAfter.status === 401 && laptopAfter.status === 401,
    '200, then 401 on both',
    `${everywhere.status} ${phoneAfter.status} ${laptopAfter.status}`,
  );
}
