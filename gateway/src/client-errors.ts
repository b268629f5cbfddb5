import express from 'express';
import { z } from 'zod';
import type { Cache, Logger } from '@catalyst/service-kit';
import { zodFieldErrors } from '@catalyst/service-kit';
import { localsOf, type Handler } from './chain';
import type { ClientAddress } from './client-address';
import { MESSAGES, sendError, sendJson } from './errors';

/** What the shell reports about a front-end failure. */
export const clientErrorSchema = z.object({
  message: z.string({ error: 'message is required' }).trim().min(1, 'message is required').max(2_000),
  stack: z.string().max(8_000).optional(),
  componentStack: z.string().max(8_000).optional(),
  url: z.string().max(2_000).optional(),
  remote: z.string().max(100).optional(),
  release: z.string().max(100).optional(),
  userAgent: z.string().max(500).optional(),
});

/**
 * POST /api/v1/client-errors: small body, rate limited per client address, logged at error level,
 * answered 202. Reports are evidence for people, never trusted input.
 */
export function clientErrorsHandlers({ cache, log, perMinute, client }: { cache: Cache; log: Logger; perMinute: number; client: ClientAddress }): Handler[] {
  const rateLimit: Handler = async (req, res, next) => {
    const count = await cache.incr(`client-errors:${client.ip(req) || 'unknown'}`, 60);
    if (count > perMinute) {
      res.setHeader('retry-after', '60');
      return sendError(res, 429, 'Too many error reports. Please try again later.');
    }
    next();
  };
  const body = express.raw({ type: () => true, limit: '16kb' }) as Handler;
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
    log.error({ requestId: localsOf(res).requestId, clientIp: client.ip(req), report: result.data }, 'client error reported');
    sendJson(res, 202, { success: true, data: { received: true } });
  };
  return [rateLimit, body, accept];
}
