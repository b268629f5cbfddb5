/** Payment webhooks: missing, wrong, tampered and replayed (older than the tolerance) signatures are refused. */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Stripe from 'stripe';
import type { RouteData, webhookRoutes } from '@catalyst/contracts';
import { countChanges, describe, isErrorShape, type Suite } from './harness';

/** The secret every install used to share (it was written in the source): never accepted again. */
const OLD_PUBLISHED_SECRET = 'whsec_catalyst_sandbox_secret';
const stripe = new Stripe('sk_test_security_suite');
let SECRET = '';

const eventPayload = () =>
  JSON.stringify({
    id: `evt_security_${randomBytes(8).toString('hex')}`,
    object: 'event',
    type: 'customer.created',
    created: Math.floor(Date.now() / 1000),
    api_version: '2025-01-01',
    data: { object: { id: `cus_${randomBytes(6).toString('hex')}`, object: 'customer' } },
  });

const sign = (payload: string, opts: { secret?: string; timestamp?: number } = {}) =>
  stripe.webhooks.generateTestHeaderString({
    payload,
    secret: opts.secret ?? SECRET,
    timestamp: opts.timestamp ?? Math.floor(Date.now() / 1000),
  });

export async function webhooks(suite: Suite) {
  // Made once per install by the launcher and kept in DATA_DIR.
  SECRET = readFileSync(path.join(suite.dataDir, 'secrets', 'webhook-secret.txt'), 'utf8').trim();
  suite.check(
    'the webhook secret is made per install, not the one published in the source',
    /^whsec_[\w-]{40,}$/.test(SECRET) && SECRET !== OLD_PUBLISHED_SECRET,
    'a random whsec_ secret',
    SECRET.slice(0, 10),
  );
  const targets: [string, string | undefined][] = [
    ['gateway', undefined],
    ['billing port', `${suite.serviceUrl('billing')}`],
  ];
  for (const [where, base] of targets) {
    const path = base ? '/webhooks/stripe' : '/webhooks/stripe';
    const post = (payload: string, signature?: string) =>
      suite.request<RouteData<typeof webhookRoutes.stripe>>('POST', path, {
        base,
        raw: payload,
        headers: {
          'content-type': 'application/json',
          ...(signature ? { 'stripe-signature': signature } : {}),
        },
      });

    const refusals: [string, () => [string, string | undefined]][] = [
      ['a missing signature', () => [eventPayload(), undefined]],
      [
        'a signature made with a wrong secret',
        () => {
          const p = eventPayload();
          return [p, sign(p, { secret: 'whsec_wrong_secret' })];
        },
      ],
      [
        'a signature made with the secret once published in the source',
        () => {
          const p = eventPayload();
          return [p, sign(p, { secret: OLD_PUBLISHED_SECRET })];
        },
      ],
      ['a signature of another payload', () => [eventPayload(), sign(eventPayload())]],
      [
        'a replay signed 10 minutes ago (tolerance 5)',
        () => {
          const p = eventPayload();
          return [p, sign(p, { timestamp: Math.floor(Date.now() / 1000) - 600 })];
        },
      ],
      ['a garbage signature header', () => [eventPayload(), 't=abc,v1=zzz']],
      ['a signature with only the timestamp', () => [eventPayload(), `t=${Math.floor(Date.now() / 1000)}`]],
    ];
    for (const [label, make] of refusals) {
      const before = await suite.rowCounts();
      const [payload, signature] = make();
      const res = await post(payload, signature);
      const changed = countChanges(before, await suite.rowCounts());
      suite.check(
        `${where}: ${label} is refused`,
        res.status === 400 && isErrorShape(res.body),
        '400 in the error shape',
        describe(res),
      );
      suite.check(
        `${where}: ${label} writes nothing`,
        changed.length === 0,
        'no row written',
        changed.join(', '),
      );
    }

    // Positive control: a correctly signed event is accepted once; the same event again changes nothing.
    const payload = eventPayload();
    const first = await post(payload, sign(payload));
    suite.check(
      `${where}: a correctly signed event is accepted`,
      first.status === 200 && first.body?.data?.duplicate === false,
      '200 duplicate:false',
      describe(first),
    );
    const before = await suite.rowCounts();
    const again = await post(payload, sign(payload));
    const changed = countChanges(before, await suite.rowCounts());
    suite.check(
      `${where}: a redelivered event is a no-op`,
      again.status === 200 && again.body?.data?.duplicate === true && changed.length === 0,
      '200 duplicate:true, no row written',
      `${describe(again)} ${changed.join(', ')}`,
    );
  }
}
