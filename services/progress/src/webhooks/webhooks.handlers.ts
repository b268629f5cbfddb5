import { randomBytes, randomUUID } from 'node:crypto';
import { WEBHOOK_MESSAGES, type adminWebhookRoutes } from '@catalyst/contracts';
import {
  badRequest,
  notFound,
  reply,
  resolveTarget,
  sealSecret,
  type RouteHandlers,
} from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { webhookSecretKey } from './webhooks-job';
import * as repo from './webhooks.repository';

/** A Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** The admin's webhook endpoints (adminWebhookRoutes); deliveries are sent by webhooks-job.ts. */
export function createWebhookHandlers({ db, config }: Deps): RouteHandlers<typeof adminWebhookRoutes> {
  const key = webhookSecretKey(config.INTERNAL_SECRET);
  const sealed = (id: string, secret: string) => ({
    secretSealed: sealSecret(key, id, secret),
    secretHint: secret.slice(-4),
  });

  // Refused when made, as well as at each send (DNS may change in between).
  async function checkAddress(url: string) {
    const target = await resolveTarget(url, { allowPrivate: config.WEBHOOKS_ALLOW_PRIVATE });
    if (typeof target === 'string') {
      const message = target === 'private' ? WEBHOOK_MESSAGES.privateAddress : WEBHOOK_MESSAGES.unresolvable;
      throw badRequest(message, [{ field: 'url', message }]);
    }
  }

  return {
    list: async () => (await repo.listEndpoints(db)).map(repo.toEndpoint),
    async create({ body, identity }) {
      await checkAddress(body.url);
      const id = randomUUID();
      const secret = newSecret();
      const row = await repo.insertEndpoint(db, {
        id,
        url: body.url,
        description: body.description,
        eventTypes: body.eventTypes,
        enabled: body.enabled,
        ...sealed(id, secret),
        createdByEmail: identity.email ?? null,
      });
      return reply({ ...repo.toEndpoint(row), secret }, { message: WEBHOOK_MESSAGES.created });
    },
    async update({ params: { id }, body }) {
      if (body.url !== undefined) await checkAddress(body.url);
      const row = await repo.updateEndpoint(db, id, body);
      if (!row) throw notFound(WEBHOOK_MESSAGES.notFound);
      if (body.enabled) await repo.retryPendingNow(db, id, new Date());
      return repo.toEndpoint(row);
    },
    async remove({ params: { id } }) {
      if (!(await repo.deleteEndpoint(db, id))) throw notFound(WEBHOOK_MESSAGES.notFound);
      return { deleted: true as const };
    },
    async rotateSecret({ params: { id } }) {
      const secret = newSecret();
      const { secretSealed, secretHint } = sealed(id, secret);
      if (!(await repo.setEndpointSecret(db, id, secretSealed, secretHint)))
        throw notFound(WEBHOOK_MESSAGES.notFound);
      return reply({ secret }, { message: WEBHOOK_MESSAGES.rotated });
    },
    async deliveries({ params: { id } }) {
      if (!(await repo.findEndpoint(db, id))) throw notFound(WEBHOOK_MESSAGES.notFound);
      return { deliveries: await repo.listDeliveries(db, id) };
    },
    async replay({ params: { deliveryId } }) {
      if (!(await repo.replayDelivery(db, deliveryId, new Date())))
        throw notFound(WEBHOOK_MESSAGES.deliveryNotFound);
      return reply((await repo.findDelivery(db, deliveryId))!, { message: WEBHOOK_MESSAGES.replayed });
    },
  };
}
