import { z } from 'zod';
import {
  webhookDeliveriesSchema,
  webhookDeliveryParamsSchema,
  webhookDeliverySchema,
  webhookEndpointBodySchema,
  webhookEndpointCreatedSchema,
  webhookEndpointSchema,
  webhookEndpointUpdateSchema,
  webhookIdParamsSchema,
  webhookSecretSchema,
} from '../webhooks';
import { defineRoutes } from './define';

const service = 'progress';

/** Signed outgoing webhooks (services/progress/src/webhooks): an admin's endpoints and their deliveries. */
export const adminWebhookRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/admin/webhooks',
    service,
    access: 'admin',
    summary: 'Every webhook endpoint, newest first',
    response: z.array(webhookEndpointSchema),
  },
  create: {
    method: 'POST',
    path: '/admin/webhooks',
    service,
    access: 'admin',
    status: 201,
    summary: 'Add an endpoint and the events it receives; its signing secret is answered this once',
    body: webhookEndpointBodySchema,
    response: webhookEndpointCreatedSchema,
  },
  update: {
    method: 'PATCH',
    path: '/admin/webhooks/:id',
    service,
    access: 'admin',
    summary: "Change an endpoint's address, events or whether it is on (turning it on clears its failures)",
    params: webhookIdParamsSchema,
    body: webhookEndpointUpdateSchema,
    response: webhookEndpointSchema,
  },
  remove: {
    method: 'DELETE',
    path: '/admin/webhooks/:id',
    service,
    access: 'admin',
    summary: 'Delete an endpoint and its delivery log',
    params: webhookIdParamsSchema,
    response: z.object({ deleted: z.literal(true) }),
  },
  rotateSecret: {
    method: 'POST',
    path: '/admin/webhooks/:id/secret',
    service,
    access: 'admin',
    summary: 'Make a new signing secret (answered this once); the old one stops signing at once',
    params: webhookIdParamsSchema,
    response: webhookSecretSchema,
  },
  deliveries: {
    method: 'GET',
    path: '/admin/webhooks/:id/deliveries',
    service,
    access: 'admin',
    summary: "An endpoint's newest 50 deliveries, each with its attempts' status codes and durations",
    params: webhookIdParamsSchema,
    response: webhookDeliveriesSchema,
  },
  replay: {
    method: 'POST',
    path: '/admin/webhooks/deliveries/:deliveryId/replay',
    service,
    access: 'admin',
    summary: 'Send a delivery again now (same webhook-id, so the receiver can tell it is the same event)',
    params: webhookDeliveryParamsSchema,
    response: webhookDeliverySchema,
  },
});
