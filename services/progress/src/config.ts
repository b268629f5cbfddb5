import { createPrivateKey, createPublicKey } from 'node:crypto';
import { z } from 'zod';
import {
  baseServiceConfigSchema,
  mailConfigSchema,
  parseConfig,
  serviceUrlsSchema,
} from '@catalyst/service-kit';

/** An Ed25519 private JWK: `kty` OKP, `crv` Ed25519, `x` and `d` base64url, and `d` must be the key of `x`. */
export const ed25519PrivateJwkSchema = z.object({
  kty: z.literal('OKP', { error: 'kty must be "OKP"' }),
  crv: z.literal('Ed25519', { error: 'crv must be "Ed25519"' }),
  x: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'x must be the 32-byte public key, base64url'),
  d: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'd must be the 32-byte private key, base64url'),
  kid: z.string().min(1).max(200).optional(),
});
export type Ed25519PrivateJwk = z.infer<typeof ed25519PrivateJwkSchema>;

/** PKCS#8 DER up to the 32-byte Ed25519 private key (RFC 8410): the key follows. */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/**
 * CREDENTIAL_SIGNING_KEY: the credential issuer's Ed25519 private key as a JWK (JSON), `kid` optional (the
 * RFC 7638 thumbprint otherwise). Unset: progress makes a key on first need and keeps it in `signing_keys`.
 */
const signingKeySchema = z
  .string()
  .transform((raw, ctx) => {
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      ctx.addIssue({
        code: 'custom',
        message:
          'must be a private JWK (JSON) such as {"kty":"OKP","crv":"Ed25519","x":"…","d":"…","kid":"…"}',
      });
      return z.NEVER;
    }
  })
  .pipe(ed25519PrivateJwkSchema)
  .superRefine((jwk, ctx) => {
    try {
      // The public key from d alone: Node 24 refuses a JWK whose x and d disagree, without saying so.
      const publicJwk = createPublicKey(
        createPrivateKey({
          key: Buffer.concat([ED25519_PKCS8_PREFIX, Buffer.from(jwk.d, 'base64url')]),
          format: 'der',
          type: 'pkcs8',
        }),
      ).export({ format: 'jwk' });
      if (publicJwk.x !== jwk.x) ctx.addIssue({ code: 'custom', message: 'x is not the public key of d' });
    } catch {
      ctx.addIssue({ code: 'custom', message: 'not a usable Ed25519 key' });
    }
  })
  .optional();

export const configSchema = baseServiceConfigSchema.extend({
  ...serviceUrlsSchema.shape,
  ...mailConfigSchema.shape,
  PORT: z.coerce.number().int().min(1).max(65535).default(4003),
  /** The address learners open: certificates' verification links and the credential issuer's id. */
  PUBLIC_URL: z
    .string()
    .url('PUBLIC_URL must be a URL such as http://localhost:8080')
    .default('http://localhost:8080'),
  /** The brand on certificates (PDF) and the issuer's name in credentials. */
  SITE_NAME: z.string().min(1).default('Catalyst'),
  /** How often the co-watching table behind "Because you watched" is rebuilt from progress. */
  CO_WATCHED_REFRESH_SECONDS: z.coerce.number().int().min(10).max(86_400).default(300),
  /** How often watch events are rolled into the creator analytics' daily figures. */
  ANALYTICS_ROLLUP_SECONDS: z.coerce.number().int().min(5).max(86_400).default(60),
  CREDENTIAL_SIGNING_KEY: z.preprocess((v) => (v === '' ? undefined : v), signingKeySchema),
  /** Webhooks may reach loopback and private networks: development (`npm start`) and tests only, never production. */
  WEBHOOKS_ALLOW_PRIVATE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Comma-separated addresses also told when a webhook endpoint is turned off (its creator always is). */
  WEBHOOKS_ALERT_EMAILS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.email('WEBHOOKS_ALERT_EMAILS must be e-mail addresses separated by commas'))),
  /** The learning record store (xAPI) may be plain http on a loopback host (tests, a local LRS); else https only. */
  XAPI_ALLOW_LOOPBACK_HTTP: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});
export type Config = z.infer<typeof configSchema>;

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => parseConfig(configSchema, env);
