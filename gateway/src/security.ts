import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { GatewayConfig } from './config';

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
};

/** Origins other than ours that serve remote builds (MF_REMOTES pointing at a CDN), so the CSP allows them. */
export function remoteOrigins(config: GatewayConfig): string[] {
  const urls = Object.values(config.MF_REMOTES ?? {}).filter((url): url is string => typeof url === 'string' && /^https?:\/\//.test(url));
  return [...new Set(urls.map(originOf).filter((o): o is string => Boolean(o)))];
}

/**
 * helmet with a real Content-Security-Policy (no inline scripts), nosniff, a referrer policy and
 * frame denial; HSTS only for requests that arrived over HTTPS (as seen through TRUST_PROXY).
 */
export function securityHeaders(config: GatewayConfig): RequestHandler[] {
  const remotes = remoteOrigins(config);
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...remotes],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'", ...remotes],
        imgSrc: ["'self'", 'data:', 'blob:', ...config.CSP_IMG_SRC],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:', ...remotes],
        connectSrc: ["'self'", ...remotes],
        workerSrc: ["'self'", 'blob:'],
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
    if (!req.path.startsWith('/api/')) return headers(req, res, next);
    res.setHeader('x-content-type-options', 'nosniff');
    res.setHeader('x-frame-options', 'DENY');
    res.setHeader('referrer-policy', 'strict-origin-when-cross-origin');
    next();
  };
  return [apiHeaders, hsts];
}

const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';
const ALLOWED_HEADERS = 'authorization, content-type, x-request-id';

/** Same-origin by default: only origins listed in CORS_ORIGINS receive CORS headers. */
export function cors(config: GatewayConfig): RequestHandler {
  const allowed = new Set(config.CORS_ORIGINS.map(originOf).filter((o): o is string => Boolean(o)));
  return (req, res, next) => {
    res.vary('Origin');
    const origin = req.headers.origin;
    const isPreflight = req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined;
    if (origin && allowed.has(origin)) {
      res.setHeader('access-control-allow-origin', origin);
      res.setHeader('access-control-expose-headers', 'x-request-id');
      if (isPreflight) {
        res.setHeader('access-control-allow-methods', ALLOWED_METHODS);
        res.setHeader('access-control-allow-headers', ALLOWED_HEADERS);
        res.setHeader('access-control-max-age', '600');
      }
    }
    // A preflight is answered here either way; without the headers above the browser refuses the call.
    if (isPreflight) return void res.status(204).end();
    next();
  };
}
