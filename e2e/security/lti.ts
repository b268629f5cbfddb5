/**
 * LTI 1.3: a launch's state works once (a replayed launch form signs nobody in), a platform nobody registered is
 * refused at login initiation, a forged id_token sets no cookie, and only the registered platform's origin may frame
 * the LTI routes and the pages they open. (The signed-launch cases — replayed id_token with a new state, bad nonce,
 * audience, deployment, expiry — run against a test LMS in services/auth/src/lti/lti.test.ts; this product refuses
 * the loopback http such an LMS would need.)
 */
import { ltiMessages } from '@catalyst/contracts';
import { describe, type Suite } from './harness';

const LMS = 'https://lms.security.example';

const form = (fields: Record<string, string>) => ({
  raw: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

export async function ltiAttacks(suite: Suite) {
  const admin = suite.fixtures.tokens.admin!;
  const created = await suite.request<{ id: string }>('POST', '/admin/lti/platforms', {
    token: admin,
    body: {
      name: 'Security LMS',
      issuer: LMS,
      clientId: 'security-client',
      deploymentIds: ['dep-1'],
      authUrl: `${LMS}/auth`,
      tokenUrl: `${LMS}/token`,
      jwksUrl: `${LMS}/jwks`,
    },
  });
  const platformId = created.body?.data?.id;
  try {
    const unknown = await suite.request(
      'GET',
      `/auth/lti/login?${new URLSearchParams({ iss: 'https://lms.unknown.example', login_hint: 'x', target_link_uri: suite.url })}`,
    );
    suite.check(
      'a login initiation from a platform nobody registered is refused',
      unknown.status === 400 && unknown.body?.message === ltiMessages.unknownPlatform,
      `400 '${ltiMessages.unknownPlatform}'`,
      () => describe(unknown),
    );

    const login = await suite.request(
      'GET',
      `/auth/lti/login?${new URLSearchParams({ iss: LMS, login_hint: 'learner', target_link_uri: suite.url, client_id: 'security-client' })}`,
    );
    const location = new URL(login.headers.get('location') ?? 'http://none.invalid');
    const state = location.searchParams.get('state') ?? '';
    suite.check(
      "login initiation sends the browser to the platform's authentication URL with a state and a nonce",
      login.status === 302 &&
        location.origin === LMS &&
        state.length > 20 &&
        !!location.searchParams.get('nonce'),
      `302 to ${LMS}/auth?state=…&nonce=…`,
      () => `${login.status} ${location.href}`,
    );

    const forged = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl';
    const first = await suite.request('POST', '/auth/lti/launch', form({ id_token: forged, state }));
    suite.check(
      'a launch whose id_token the platform did not sign sets no cookie',
      first.status === 400 && !(first.headers.get('set-cookie') ?? '').includes('catalyst_refresh'),
      '400 in the one error shape, no Set-Cookie',
      () => describe(first),
    );
    const replay = await suite.request('POST', '/auth/lti/launch', form({ id_token: forged, state }));
    suite.check(
      "a launch form posted again (the same state) is refused: a login's state and nonce work once",
      replay.status === 400 && replay.body?.message === ltiMessages.startAgain,
      `400 '${ltiMessages.startAgain}'`,
      () => describe(replay),
    );
    suite.check(
      'the LTI routes may be framed by the registered platform only (their own CSP, no X-Frame-Options)',
      replay.headers.get('x-frame-options') === null &&
        (replay.headers.get('content-security-policy') ?? '').includes(`frame-ancestors 'self' ${LMS}`),
      `frame-ancestors 'self' ${LMS}`,
      () => `${replay.headers.get('x-frame-options')} / ${replay.headers.get('content-security-policy')}`,
    );

    // The gateway asks auth again within 2 s while it knew of no platform.
    let page = await fetch(`${suite.url}/browse/premium/product/${suite.fixtures.product.slug}`);
    for (let i = 0; i < 6 && !(page.headers.get('content-security-policy') ?? '').includes(LMS); i++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      page = await fetch(`${suite.url}/browse/premium/product/${suite.fixtures.product.slug}`);
    }
    const other = await fetch(`${suite.url}/account`);
    suite.check(
      'a course page an LTI launch opens may be framed by the registered platform; other pages by nobody',
      (page.headers.get('content-security-policy') ?? '').includes(`frame-ancestors 'self' ${LMS}`) &&
        (other.headers.get('content-security-policy') ?? '').includes("frame-ancestors 'none'") &&
        other.headers.get('x-frame-options') === 'DENY',
      `course: frame-ancestors 'self' ${LMS}; /account: 'none' and DENY`,
      () =>
        `${page.headers.get('content-security-policy')} | ${other.headers.get('content-security-policy')} ${other.headers.get('x-frame-options')}`,
    );
  } finally {
    if (platformId) await suite.request('DELETE', `/admin/lti/platforms/${platformId}`, { token: admin });
  }
}
