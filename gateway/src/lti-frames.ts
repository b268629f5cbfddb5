// Framing for LTI: the pages an LTI launch opens (a product or lesson page) may be framed by the registered LMS
// platforms' origins only (CSP frame-ancestors, from auth); every other page keeps frame-ancestors 'none'. The LTI
// routes themselves answer their own frame-ancestors (auth knows the platforms), so the API's DENY is left off them.
import type { RequestHandler } from 'express';
import { ltiInternalRoutes, ltiRoutes, productPagePath, routeUrl } from '@catalyst/contracts';
import { createPeer, type Logger } from '@catalyst/service-kit';

/** The LTI routes a platform's browser reaches inside the LMS's frame. */
const FRAMED_API_PATHS = new Set(
  [ltiRoutes.login, ltiRoutes.loginForm, ltiRoutes.launch, ltiRoutes.deepLink].map((route) =>
    routeUrl(route),
  ),
);
export const isLtiFramedApi = (url: string) => {
  // Every API answer asks (security.ts): the path is cut at its query without splitting the URL into an array.
  const query = url.indexOf('?');
  return FRAMED_API_PATHS.has(query < 0 ? url : url.slice(0, query));
};

/** The pages a resource link opens: a product's page and its lessons (`/browse/premium/product/…`). */
const PAGE_PREFIX = productPagePath('x').slice(0, -1);
export const isLtiPage = (path: string) => path.startsWith(PAGE_PREFIX);

/** How long the gateway reuses auth's list (an empty one briefly, so a first platform frames at once). */
const FRESH_MS = 30_000;
const EMPTY_FRESH_MS = 2_000;

export function createLtiFrameOrigins({
  authUrl,
  internalSecret,
  log,
}: {
  authUrl: string;
  internalSecret: string;
  log: Pick<Logger, 'warn'>;
}) {
  const auth = createPeer({ baseUrl: authUrl, secret: internalSecret, timeoutMs: 1_000 });
  let kept: { origins: string[]; at: number } | undefined;
  let asking: Promise<string[]> | undefined;
  return async (): Promise<string[]> => {
    if (kept && Date.now() - kept.at < (kept.origins.length ? FRESH_MS : EMPTY_FRESH_MS)) return kept.origins;
    asking ??= auth
      .call(ltiInternalRoutes.frameOrigins)
      .then(({ origins }) => {
        kept = { origins, at: Date.now() };
        return origins;
      })
      .catch((error: unknown) => {
        log.warn({ err: String(error) }, 'LTI frame origins unavailable: pages stay unframeable');
        return kept?.origins ?? [];
      })
      .finally(() => {
        asking = undefined;
      });
    return asking;
  };
}

/** Opens an LTI page's frame-ancestors to the platforms' origins (and drops X-Frame-Options, which cannot list them). */
export function ltiFramePages(frameOrigins: () => Promise<string[]>): RequestHandler {
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !isLtiPage(req.path)) return next();
    frameOrigins()
      .then((origins) => {
        const csp = res.getHeader('content-security-policy');
        if (origins.length > 0 && typeof csp === 'string') {
          res.setHeader(
            'content-security-policy',
            csp.replace("frame-ancestors 'none'", `frame-ancestors 'self' ${origins.join(' ')}`),
          );
          res.removeHeader('x-frame-options');
        }
        next();
      })
      .catch(next);
  };
}
