// Contracts of xAPI: the site's learning record store (LRS), which progress sends learners' statements to.
import { z } from 'zod';
import { integrationMessage } from './form-messages/integrations';

export const xapiMessages = {
  endpoint: integrationMessage('xapi.endpoint'),
  endpointHttps: integrationMessage('xapi.endpointHttps'),
  key: integrationMessage('xapi.key'),
  secret: integrationMessage('xapi.secret'),
  secretMissing: integrationMessage('xapi.secretMissing'),
  notSet: 'Save the learning record store first',
  testSent: 'The LRS accepted the test statement',
  testRefused: 'The LRS did not accept the test statement',
} as const;

/** GET/PUT /admin/xapi/settings answer (null before the first save): the secret itself is never answered. */
export const xapiSettingsSchema = z
  .object({
    /** The LRS's xAPI base address; statements go to `<endpoint>/statements`. */
    endpoint: z.string(),
    key: z.string(),
    secretSet: z.boolean(),
    enabled: z.boolean(),
    updatedAt: z.string(),
  })
  .nullable();
export type XapiSettings = z.infer<typeof xapiSettingsSchema>;

/** PUT /admin/xapi/settings: Basic auth's key and secret; leave the secret out to keep the one saved. */
export const xapiSettingsBodySchema = z.object({
  endpoint: z
    .string({ message: xapiMessages.endpoint })
    .trim()
    .max(500, xapiMessages.endpoint)
    .refine(
      (value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol),
      xapiMessages.endpoint,
    ),
  key: z.string({ message: xapiMessages.key }).trim().min(1, xapiMessages.key).max(200, xapiMessages.key),
  secret: z.string().min(1, xapiMessages.secretMissing).max(500, xapiMessages.secret).optional(),
  enabled: z.boolean(),
});
export type XapiSettingsBody = z.input<typeof xapiSettingsBodySchema>;

/** POST /admin/xapi/test: what the LRS answered one statement sent now with the saved settings. */
export const xapiTestResultSchema = z.object({
  delivered: z.boolean(),
  statementId: z.uuid(),
  /** The LRS's HTTP status, or null when it could not be reached. */
  status: z.number().int().nullable(),
  /** The LRS's answer (its first 500 characters), or why it could not be reached. */
  answer: z.string().nullable(),
});
export type XapiTestResult = z.infer<typeof xapiTestResultSchema>;

export const xapiDeliverySchema = z.object({
  at: z.string(),
  kind: z.enum(['batch', 'test']),
  statements: z.number().int(),
  delivered: z.boolean(),
  status: z.number().int().nullable(),
  answer: z.string().nullable(),
});
export type XapiDelivery = z.infer<typeof xapiDeliverySchema>;

/** GET /admin/xapi/deliveries: the queue's state and the latest sends, newest first. */
export const xapiDeliveryLogSchema = z.object({
  /** Statements waiting to be sent (new, or retrying after a failure). */
  pending: z.number().int(),
  /** When the LRS last accepted statements. */
  lastSentAt: z.string().nullable(),
  /** When the next retry of a failed send is due, if one is waiting. */
  nextRetryAt: z.string().nullable(),
  deliveries: z.array(xapiDeliverySchema),
});
export type XapiDeliveryLog = z.infer<typeof xapiDeliveryLogSchema>;
