import express from 'express';
import { gatewayRoutes } from '@catalyst/contracts';
import type { Cache, Logger } from '@catalyst/service-kit';
import { zodFieldErrors } from '@catalyst/service-kit';
import { localsOf, type Handler } from './chain';
import type { ClientAddress } from './client-address';
import { MESSAGES, sendError, sendJson } from './errors';
import type { ReleaseRepository } from './releases/repository';

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
  releases = null,
}: {
  cache: Cache;
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
    const { remote, release } = result.data;
    // Only a recorded release is counted (a report is evidence, never trusted input); best effort.
    if (releases && remote && release) void releases.countLoadError(remote, release).catch(() => undefined);
    sendJson(res, 202, { success: true, data: { received: true } });
  };
  return [rateLimit, body, accept];
}
