// Contracts of signed outgoing webhooks: an admin's endpoints, the events each subscribes to, and their deliveries.
import { z } from 'zod';
import { integrationMessage } from './form-messages/integrations';
import { domainEventTypeSchema } from './events';

export const WEBHOOK_MESSAGES = {
  url: integrationMessage('webhook.url'),
  privateAddress: integrationMessage('webhook.privateAddress'),
  unresolvable: integrationMessage('webhook.unresolvable'),
  eventTypes: integrationMessage('webhook.eventTypes'),
  notFound: 'Webhook endpoint not found',
  deliveryNotFound: 'Delivery not found',
  created: 'Endpoint added. Copy its signing secret now: it is shown only once.',
  rotated: 'New signing secret made. Copy it now: it is shown only once.',
  replayed: 'Delivery queued again',
} as const;

/** The admin page of endpoints and their delivery log (mfe-admin; linked from the turned-off e-mail). */
export const WEBHOOKS_PAGE_PATH = '/admin/webhooks';

/** How long a delivery is retried, with exponential back-off, before it is marked failed. */
export const WEBHOOK_RETRY_DAYS = 3;

export const webhookIdParamsSchema = z.object({ id: z.uuid('Webhook endpoint not found') });
export const webhookDeliveryParamsSchema = z.object({ deliveryId: z.uuid('Delivery not found') });

const urlField = z
  .string({ message: WEBHOOK_MESSAGES.url })
  .trim()
  .max(2_000, integrationMessage('webhook.urlMax'))
  .pipe(z.url({ protocol: /^https?$/, message: WEBHOOK_MESSAGES.url }));

/** POST /admin/webhooks */
export const webhookEndpointBodySchema = z.object({
  url: urlField,
  description: z.string().trim().max(200, integrationMessage('webhook.descriptionMax')).default(''),
  eventTypes: z
    .array(domainEventTypeSchema)
    .min(1, WEBHOOK_MESSAGES.eventTypes)
    .transform((types) => [...new Set(types)]),
  enabled: z.boolean().default(true),
});
export type WebhookEndpointBody = z.input<typeof webhookEndpointBodySchema>;

/** PATCH /admin/webhooks/:id: what is sent changes; turning it on again clears its failures. */
export const webhookEndpointUpdateSchema = z.object({
  url: urlField.optional(),
  description: z.string().trim().max(200, integrationMessage('webhook.descriptionMax')).optional(),
  eventTypes: z
    .array(domainEventTypeSchema)
    .min(1, WEBHOOK_MESSAGES.eventTypes)
    .transform((types) => [...new Set(types)])
    .optional(),
  enabled: z.boolean().optional(),
});

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(domainEventTypeSchema),
  enabled: z.boolean(),
  /** The secret's last four characters, to tell secrets apart. */
  secretHint: z.string(),
  createdAt: z.string(),
  /** Set when it was turned off after sustained failure (or by an admin), with why. */
  disabledAt: z.string().nullable(),
  disabledReason: z.string().nullable(),
  /** Since when every attempt has failed (null after any success). */
  failingSince: z.string().nullable(),
  consecutiveFailures: z.number().int(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The signing secret (`whsec_…`, Standard Webhooks), answered only when made. */
export const webhookSecretSchema = z.object({ secret: z.string().startsWith('whsec_') });
export const webhookEndpointCreatedSchema = webhookEndpointSchema.extend(webhookSecretSchema.shape);

export const webhookDeliveryStatusValues = ['pending', 'delivered', 'failed'] as const;

/** One try: the receiver's status code (null when it could not be reached) and how long it took. */
export const webhookAttemptSchema = z.object({
  at: z.string(),
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  error: z.string().nullable(),
});

export const webhookDeliverySchema = z.object({
  id: z.string(),
  endpointId: z.string(),
  eventId: z.string(),
  eventType: domainEventTypeSchema,
  status: z.enum(webhookDeliveryStatusValues),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  /** Newest first. */
  attempts: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** GET /admin/webhooks/:id/deliveries: the newest 50. */
export const webhookDeliveriesSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });
