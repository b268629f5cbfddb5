import type { ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Handler } from './chain';
import type { ClientAddress } from './client-address';
import helmet from 'helmet';
import { HEAD_SCRIPT_SOURCE } from './first-paint';
import { isLtiFramedApi } from './lti-frames';
import type { GatewayConfig } from './config';

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
};

/** Origins other than ours that serve remote builds (MF_REMOTES pointing at a CDN), so the CSP allows them. */
function remoteOrigins(config: GatewayConfig): string[] {
  const urls = Object.values(config.MF_REMOTES ?? {}).filter(
    (url): url is string => typeof url === 'string' && /^https?:\/\//.test(url),
  );
  return [...new Set(urls.map(originOf).filter((o): o is string => Boolean(o)))];
}

/**
 * helmet with a real Content-Security-Policy (no inline scripts but the first paint's, by hash), nosniff, a referrer policy and
 * frame denial; HSTS only for requests that arrived over HTTPS (as seen through TRUST_PROXY).
 */
export function securityHeaders(config: GatewayConfig): RequestHandler[] {
  const remotes = remoteOrigins(config);
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The first paint's one inline script, by its hash (gateway/src/first-paint.ts).
        scriptSrc: ["'self'", HEAD_SCRIPT_SOURCE, ...remotes],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'", ...remotes],
        imgSrc: ["'self'", 'data:', 'blob:', ...config.CSP_IMG_SRC],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:', ...remotes],
        connectSrc: ["'self'", ...remotes],
        workerSrc: ["'self'", 'blob:'],
        // The installable app's manifest (/manifest.webmanifest) and its icons.
        manifestSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
  });
  const hsts: RequestHandler = (req, res, next) => {
    if (req.secure) res.setHeader('strict-transport-security', 'max-age=31536000; includeSubDomains');
    next();
  };
  // JSON answers cannot run scripts or be framed usefully: they get the few headers that matter for
  // them, which keeps every proxied response about a dozen headers lighter.
  const apiHeaders: RequestHandler = (req, res, next) => {
    if (!req.path.startsWith('/api/') || isApiDocsPage(req.path)) return headers(req, res, next);
    setApiHeaders(res, req.originalUrl);
    next();
  };
  return [apiHeaders, hsts];
}

/** The API reference (/api/docs) is a page: it gets the pages' headers, CSP included. */
const isApiDocsPage = (path: string) => path === '/api/docs' || path.startsWith('/api/docs/');

// JSON answers cannot run scripts or be framed usefully: they get the few headers that matter for them. The LTI
// routes answer inside an LMS's frame with their own frame-ancestors (the registered platforms).
function setApiHeaders(res: ServerResponse, url: string) {
  res.setHeader('x-content-type-options', 'nosniff');
  if (!isLtiFramedApi(url)) res.setHeader('x-frame-options', 'DENY');
  res.setHeader('referrer-policy', 'strict-origin-when-cross-origin');
}

/** The API's security headers (and HSTS over HTTPS) on node's own request and response. */
export function apiSecurityHeaders(client: ClientAddress): Handler {
  return (req, res, next) => {
    setApiHeaders(res, req.url ?? '');
    if (client.protocol(req) === 'https')
      res.setHeader('strict-transport-security', 'max-age=31536000; includeSubDomains');
    next();
  };
}

/** Adds a field to Vary without repeating it. */
export function appendVary(res: ServerResponse, field: string) {
  const current = res.getHeader('vary');
  if (current === undefined) return void res.setHeader('vary', field);
  const text = Array.isArray(current) ? current.join(', ') : current === undefined ? '' : String(current);
  if (text.split(',').some((f) => f.trim().toLowerCase() === field.toLowerCase() || f.trim() === '*')) return;
  res.setHeader('vary', text ? `${text}, ${field}` : field);
}

const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';
const ALLOWED_HEADERS = 'authorization, content-type, x-request-id, traceparent, tracestate';

/** Same-origin by default: only origins listed in CORS_ORIGINS receive CORS headers. */
export function cors(config: GatewayConfig): Handler {
  const allowed = new Set(config.CORS_ORIGINS.map(originOf).filter((o): o is string => Boolean(o)));
  return (req, res, next) => {
    appendVary(res, 'Origin');
    const origin = req.headers.origin;
    const isPreflight =
      req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined;
    if (origin && allowed.has(origin)) {
      res.setHeader('access-control-allow-origin', origin);
      res.setHeader('access-control-expose-headers', 'x-request-id, x-trace-id');
      if (isPreflight) {
        res.setHeader('access-control-allow-methods', ALLOWED_METHODS);
        res.setHeader('access-control-allow-headers', ALLOWED_HEADERS);
        res.setHeader('access-control-max-age', '600');
      }
    }
    // A preflight is answered here either way; without the headers above the browser refuses the call.
    if (isPreflight) {
      res.statusCode = 204;
      return void res.end();
    }
    next();
  };
}
