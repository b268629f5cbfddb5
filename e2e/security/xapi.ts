/**
 * xAPI's learning record store settings: the secret is never answered (settings, log, test statement), only an admin
 * reads or writes them, and the endpoint cannot point the product at plain http or another scheme (the cloud's
 * metadata address, the product's own services). The settings are left saved and turned off.
 */
import { randomBytes } from 'node:crypto';
import { xapiMessages, type XapiSettings } from '@catalyst/contracts';
import { describe, type Suite } from './harness';

const SETTINGS = '/admin/xapi/settings';

export async function xapiAttacks(suite: Suite) {
  const admin = suite.fixtures.tokens.admin!;
  const secret = `lrs-secret-${randomBytes(12).toString('hex')}`;
  const settings = { endpoint: 'https://lrs.invalid/xapi/', key: 'security-suite', secret, enabled: false };

  await suite.test('the endpoint is https only', async () => {
    for (const endpoint of [
      'http://169.254.169.254/latest/meta-data/',
      'http://localhost:4003/',
      'http://127.0.0.1:8080/api/v1/',
      'file:///etc/passwd',
      'gopher://lrs.example.com/',
    ]) {
      const res = await suite.request('PUT', SETTINGS, { token: admin, body: { ...settings, endpoint } });
      suite.check(
        `an LRS endpoint of ${endpoint} is refused`,
        res.status === 400 &&
          [xapiMessages.endpoint, xapiMessages.endpointHttps].includes(res.body?.message as never),
        `400 '${xapiMessages.endpointHttps}' or '${xapiMessages.endpoint}'`,
        describe(res),
      );
    }
  });

  await suite.test('the secret is never answered', async () => {
    const saved = await suite.request<XapiSettings>('PUT', SETTINGS, { token: admin, body: settings });
    suite.check(
      'an admin saves the LRS',
      saved.status === 200 && saved.body?.data?.secretSet === true,
      '200, secretSet',
      describe(saved),
    );
    const answers = [
      saved,
      await suite.request('GET', SETTINGS, { token: admin }),
      await suite.request('POST', '/admin/xapi/test', { token: admin, body: {} }),
      await suite.request('GET', '/admin/xapi/deliveries', { token: admin }),
    ];
    for (const res of answers)
      suite.check(
        `the answer of ${res.status} carries no secret`,
        !JSON.stringify(res.body ?? '').includes(secret),
        'no secret',
        describe(res),
      );
  });

  await suite.test('only an admin changes the LRS', async () => {
    for (const role of ['member', 'learner', 'creator'] as const) {
      const res = await suite.request('PUT', SETTINGS, {
        token: suite.fixtures.tokens[role],
        body: { ...settings, endpoint: 'https://attacker.example/xapi/' },
      });
      suite.check(`a ${role} cannot point the LRS elsewhere`, res.status === 403, '403', describe(res));
    }
    const kept = await suite.request<XapiSettings>('GET', SETTINGS, { token: admin });
    suite.check(
      "the admin's endpoint is kept",
      kept.body?.data?.endpoint === settings.endpoint,
      settings.endpoint,
      describe(kept),
    );
  });
}
