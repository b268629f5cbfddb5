// `/.well-known/jwks.json`: the credential issuer's public keys, for anyone to check a certificate's
// credential offline. Progress owns the keys (`GET /internal/credentials/jwks`); the gateway asks it, keeps
// the answer a minute, and keeps serving the last good answer for a while when progress cannot answer.
import type { RequestHandler } from 'express';
import { JWKS_PATH, jwksSchema, progressInternalRoutes } from '@catalyst/contracts';
import { createPeer, type Logger } from '@catalyst/service-kit';
import type { GatewayConfig } from './config';
import { MESSAGES, sendError } from './errors';

export { JWKS_PATH };

/** What the browser and a verifier may keep (keys change only at a rotation, and old ones stay). */
const JWKS_CACHE_CONTROL = 'public, max-age=300';
const JWKS_CONTENT_TYPE = 'application/jwk-set+json';
/** How long the gateway reuses progress's answer before asking again. */
const FRESH_MS = 60_000;
/** How long the last good answer stands in while progress cannot answer. */
const STALE_MS = 60 * 60_000;

/** Only the public members of a key are ever published (defence in depth: progress sends no others). */
const PUBLIC_MEMBERS = new Set([
  'kty',
  'crv',
  'x',
  'y',
  'n',
  'e',
  'kid',
  'alg',
  'use',
  'key_ops',
  'x5c',
  'x5t',
  'x5t#S256',
]);
const publicOnly = (key: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(key).filter(([name]) => PUBLIC_MEMBERS.has(name)));

export interface JwksSourceOptions {
  progressUrl: string;
  internalSecret: string;
  timeoutMs: number;
  log: Logger;
  now?: () => number;
}

export function createJwksHandler({
  progressUrl,
  internalSecret,
  timeoutMs,
  log,
  now = Date.now,
}: JwksSourceOptions): RequestHandler {
  const progress = createPeer({ baseUrl: progressUrl, secret: internalSecret, timeoutMs });
  let kept: { body: string; at: number } | undefined;
  let pending: Promise<string> | undefined;

  async function ask(): Promise<string> {
    const data = jwksSchema.parse(await progress.call(progressInternalRoutes.jwks));
    const body = JSON.stringify({ keys: data.keys.map(publicOnly) });
    kept = { body, at: now() };
    return body;
  }

  async function current(): Promise<string> {
    if (kept && now() - kept.at < FRESH_MS) return kept.body;
    pending ??= ask().finally(() => {
      pending = undefined;
    });
    try {
      return await pending;
    } catch (error) {
      if (kept && now() - kept.at < STALE_MS) {
        log.warn(
          { err: (error as Error).message },
          'progress could not answer the issuer keys: the last answer is served',
        );
        return kept.body;
      }
      throw error;
    }
  }

  return (req, res) => {
    current().then(
      (body) => {
        res.set({
          'Content-Type': JWKS_CONTENT_TYPE,
          'Cache-Control': JWKS_CACHE_CONTROL,
          // Verifiers are anywhere: any origin may read the keys.
          'Access-Control-Allow-Origin': '*',
          'Cross-Origin-Resource-Policy': 'cross-origin',
        });
        res.send(body);
      },
      (error: unknown) => {
        log.error(
          { err: (error as Error).message, requestId: req.headers['x-request-id'] },
          'issuer keys unavailable',
        );
        sendError(res, 503, MESSAGES.unavailable);
      },
    );
  };
}

/** The handler as configured (progress's address and timeout). */
export const createConfiguredJwksHandler = (config: GatewayConfig, log: Logger) =>
  createJwksHandler({
    progressUrl: config.PROGRESS_URL,
    internalSecret: config.INTERNAL_SECRET,
    timeoutMs: Math.min(config.PROGRESS_TIMEOUT_MS, 3_000),
    log,
  });
