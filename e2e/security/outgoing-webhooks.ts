/**
 * Outgoing webhooks (issue 60): the product runs with the production default (WEBHOOKS_ALLOW_PRIVATE unset), so an
 * admin's endpoint on loopback, a private network, the cloud metadata address or a name resolving to loopback is
 * refused (SSRF) and nothing is stored; nobody but an admin lists, adds or reads endpoints' deliveries.
 */
import { WEBHOOK_MESSAGES } from '@catalyst/contracts';
import { describe, type Suite } from './harness';

const REFUSED = [
  'http://127.0.0.1:4003/internal/progress/events',
  'http://10.0.0.8/hook',
  'http://172.16.5.4/hook',
  'http://192.168.1.1/hook',
  'http://169.254.169.254/latest/meta-data/',
  'http://[::1]:8080/hook',
  'http://[::ffff:127.0.0.1]/hook',
  'http://localhost:8080/api/v1/auth/me',
];

export async function outgoingWebhookAttacks(suite: Suite) {
  const { tokens } = suite.fixtures;
  const stored = async () =>
    (await suite.db.query<{ n: number }>('select count(*)::int as n from progress.webhook_endpoints'))
      .rows[0]!.n;
  const before = await stored();

  await suite.test('an endpoint never points at loopback or a private network', async () => {
    for (const url of REFUSED) {
      const res = await suite.request('POST', '/admin/webhooks', {
        token: tokens.admin,
        body: { url, eventTypes: ['course.completed'] },
      });
      suite.check(
        `an admin's endpoint at ${url} is refused`,
        res.status === 400 && (res.body as { message?: string }).message === WEBHOOK_MESSAGES.privateAddress,
        `400 '${WEBHOOK_MESSAGES.privateAddress}'`,
        () => describe(res),
      );
    }
    const after = await stored();
    suite.check('no refused endpoint was stored', after === before, `${before} endpoints`, `${after}`);
  });

  await suite.test('only an admin reaches the endpoints', async () => {
    for (const [who, token, status] of [
      ['a visitor', undefined, 401],
      ['a learner', tokens.learner, 403],
      ['a member', tokens.member, 403],
    ] as const) {
      suite.expectClientError(
        `${who}'s GET /admin/webhooks is a ${status}`,
        await suite.request('GET', '/admin/webhooks', { token }),
        [status],
      );
      suite.expectClientError(
        `${who}'s POST /admin/webhooks is a ${status}`,
        await suite.request('POST', '/admin/webhooks', {
          token,
          body: { url: 'https://example.com/hook', eventTypes: ['course.completed'] },
        }),
        [status],
      );
    }
  });
}
