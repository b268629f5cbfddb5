import express from 'express';
import { gatewayRoutes } from '@catalyst/contracts';
import type { Cache, Logger } from '@catalyst/service-kit';
import { zodFieldErrors } from '@catalyst/service-kit';
import { localsOf, type Handler } from './chain';
import type { ClientAddress } from './client-address';
import { MESSAGES, sendError, sendJson } from './errors';
import { verifyLoadNonce, LOAD_NONCE_SECONDS } from './releases/load-nonce';
import type { ReleaseRepository } from './releases/repository';

/** Load errors one client address can add to the releases' counts in an hour (every report is still logged). */
export const LOAD_ERRORS_COUNTED_PER_HOUR = 5;

/** What the shell reports about a front-end failure (declared with the route in the contracts). */
const clientErrorSchema = gatewayRoutes.reportClientError.body;

/**
 * POST /api/v1/client-errors: small body, rate limited per client address, logged at error level,
 * answered 202. Reports are evidence for people, never trusted input.
 */
export function clientErrorsHandlers({
  cache,
  log,
  perMinute,
  client,
  secret,
  releases = null,
}: {
  cache: Cache;
  /** The gateway's secret, which signed the load nonces /mf/remotes.json served. */
  secret: string;
  log: Logger;
  perMinute: number;
  client: ClientAddress;
  /** A report naming a remote and its release counts as a load error of that version (shown on the releases page). */
  releases?: Pick<ReleaseRepository, 'countLoadError'> | null;
}): Handler[] {
  const rateLimit: Handler = async (req, res, next) => {
    const count = await cache.incr(`client-errors:${client.ip(req) || 'unknown'}`, 60);
    if (count > perMinute) {
      res.setHeader('retry-after', '60');
      return sendError(res, 429, 'Too many error reports. Please try again later.');
    }
    next();
  };
  const body = express.raw({
    type: () => true,
    limit: gatewayRoutes.reportClientError.maxBodyBytes,
  }) as Handler;
  const accept: Handler = (req, res) => {
    const raw = (req as { body?: unknown }).body;
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.isBuffer(raw) ? raw.toString('utf8') : '');
    } catch {
      return sendError(res, 400, MESSAGES.malformedJson);
    }
    const result = clientErrorSchema.safeParse(parsed);
    if (!result.success) {
      const errors = zodFieldErrors(result.error);
      return sendError(res, 400, errors[0]?.message ?? 'Invalid error report', errors);
    }
    log.error(
      { requestId: localsOf(res).requestId, clientIp: client.ip(req), report: result.data },
      'client error reported',
    );
    if (releases)
      void countLoadError(releases, result.data, client.ip(req) || 'unknown').catch(() => undefined);
    sendJson(res, 202, { success: true, data: { received: true } });
  };
  /**
   * A report moves a release's load-error count (canary decisions read it) only when it carries a nonce this
   * gateway served with that release, each nonce once, and at most LOAD_ERRORS_COUNTED_PER_HOUR per address.
   * Only a recorded release is counted (a report is evidence, never trusted input); best effort.
   */
  const countLoadError = async (
    repo: Pick<ReleaseRepository, 'countLoadError'>,
    { remote, release, nonce }: { remote?: string; release?: string; nonce?: string },
    ip: string,
  ) => {
    if (!remote || !release) return;
    const random = verifyLoadNonce(secret, remote, release, nonce);
    if (!random) return;
    if ((await cache.incr(`client-errors:nonce:${random}`, LOAD_NONCE_SECONDS)) > 1) return;
    if ((await cache.incr(`client-errors:counted:${ip}`, 3600)) > LOAD_ERRORS_COUNTED_PER_HOUR) return;
    await repo.countLoadError(remote, release);
  };
  return [rateLimit, body, accept];
}
