import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ErrorRequestHandler } from 'express';
import {
  API_PREFIX,
  SCIM_MEDIA_TYPE,
  SCIM_PATH_PREFIX,
  scimErrorDocument,
  type FieldError,
} from '@catalyst/contracts';
import { languageOfHeader, translateErrorBody, type Logger } from '@catalyst/service-kit';

export const MESSAGES = {
  unavailable: 'Service temporarily unavailable. Please try again shortly.',
  timeout: 'The service took too long to respond. Please try again.',
  tooLarge: 'Request body is too large',
  malformedJson: 'Malformed JSON body',
  unexpected: 'An unexpected error occurred.',
} as const;

const SCIM_PATHS = `${API_PREFIX}${SCIM_PATH_PREFIX}/`;

/**
 * Sends the one error shape (architecture rule 4); never HTML, never a stack trace. Under SCIM's paths the
 * directory reads SCIM's error shape instead (RFC 7644 §3.12), as the service answers there.
 */
export function sendError(res: ServerResponse, status: number, message: string, errors?: FieldError[]) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (res.req?.url?.startsWith(SCIM_PATHS)) {
    const document = scimErrorDocument(status, message, status === 400 ? 'invalidSyntax' : null);
    return sendJson(res, status, document, SCIM_MEDIA_TYPE);
  }
  // In the language the caller's page is shown in (web-kit sends it as Accept-Language); English as written.
  const body = errors ? { success: false, message, errors } : { success: false, message };
  sendJson(res, status, translateErrorBody(languageOfHeader(res.req?.headers['accept-language']), body));
}

/** A JSON answer that is never cached, on node's own response (no framework needed). */
export function sendJson(
  res: ServerResponse,
  status: number,
  payload: unknown,
  contentType = 'application/json; charset=utf-8',
) {
  const body = JSON.stringify(payload);
  res.statusCode = status;
  res.setHeader('content-type', contentType);
  res.setHeader('cache-control', 'no-store');
  res.setHeader('content-length', Buffer.byteLength(body));
  res.end(body);
}

interface BodyParserError {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
}

/** Last in the chain: body-parser and static errors keep their 4xx status; everything else is a logged 500. */
export function errorHandler(log: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => respondToError(log, error, req, res);
}

/** The error answer for anything a step passed on (body-parser's 4xx keep their status). */
export function respondToError(log: Logger, error: unknown, req: IncomingMessage, res: ServerResponse) {
  {
    const e = (error ?? {}) as BodyParserError;
    const status = e.status ?? e.statusCode;
    if (e.type === 'entity.too.large' || status === 413) return sendError(res, 413, MESSAGES.tooLarge);
    if (status && status >= 400 && status < 500) {
      const message =
        status === 415
          ? 'Unsupported request body encoding'
          : status === 404
            ? 'Not found'
            : e.expose && error instanceof Error
              ? error.message
              : 'Bad request';
      return sendError(res, status, message);
    }
    log.error(
      {
        requestId: res.getHeader('x-request-id'),
        path: (req.url ?? '').split('?')[0],
        err: error instanceof Error ? { message: error.message, stack: error.stack } : String(error),
      },
      'unhandled error',
    );
    return sendError(res, 500, MESSAGES.unexpected);
  }
}
