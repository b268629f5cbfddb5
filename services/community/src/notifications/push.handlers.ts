import { PUSH_MESSAGES, type notificationRoutes } from '@catalyst/contracts';
import {
  badRequest,
  conflict,
  isLoopbackAddress,
  namesPrivateHost,
  type RouteHandlers,
} from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { removeSubscription, subscriptionsOf, upsertSubscription } from './push.repository';

type PushHandlers = Pick<
  RouteHandlers<typeof notificationRoutes>,
  'pushKey' | 'pushSubscriptions' | 'subscribePush' | 'unsubscribePush'
>;

/**
 * Web Push subscriptions, always the caller's own. An endpoint is https on a public host (http on loopback only with
 * PUSH_ALLOW_LOOPBACK, for the test push service); the sender checks its resolved address again at each push.
 */
export function createPushHandlers({ db, push, config }: Pick<Deps, 'db' | 'push' | 'config'>): PushHandlers {
  function checkEndpoint(raw: string) {
    const url = new URL(raw);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const loopback = config.PUSH_ALLOW_LOOPBACK && (host === 'localhost' || isLoopbackAddress(host));
    const refusal =
      url.protocol !== 'https:' && !loopback
        ? PUSH_MESSAGES.notHttps
        : namesPrivateHost(raw) && !loopback
          ? PUSH_MESSAGES.private
          : null;
    if (refusal) throw badRequest(refusal, [{ field: 'endpoint', message: refusal }]);
  }

  return {
    pushKey: () => ({ publicKey: push.publicKey }),
    pushSubscriptions: ({ identity }) => subscriptionsOf(db, identity.id),
    async subscribePush({ body, identity }) {
      if (!push.publicKey) throw conflict(PUSH_MESSAGES.notSetUp);
      checkEndpoint(body.endpoint);
      await upsertSubscription(db, identity.id, body);
      return subscriptionsOf(db, identity.id);
    },
    async unsubscribePush({ body, identity }) {
      await removeSubscription(db, identity.id, body.endpoint);
      return subscriptionsOf(db, identity.id);
    },
  };
}
