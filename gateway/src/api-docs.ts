import { fileURLToPath } from 'node:url';
import express, { type Router } from 'express';
import type { Handler } from './chain';
import { openApiAsset } from './openapi';
import { API_PREFIX } from './routes';

/** GET /api/v1/openapi.json: the document built once from the declarations, revalidated by its ETag. */
export function openApiHandler(): Handler {
  const { body, etag } = openApiAsset();
  return (req, res) => {
    res.setHeader('etag', etag);
    res.setHeader('cache-control', 'no-cache');
    if (req.headers['if-none-match'] === etag) {
      res.statusCode = 304;
      return void res.end();
    }
    res.statusCode = 200;
    res.setHeader('content-type', 'application/json; charset=utf-8');
    res.setHeader('content-length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}

/** Scalar's self-contained browser bundle, in the repository (its README: version, licence, updating). */
const SCALAR_BUNDLE = fileURLToPath(new URL('../vendor/scalar/standalone.js', import.meta.url));

// Nothing that reaches beyond this origin: no hosted fonts, telemetry, AI agent or MCP generator.
const SETTINGS = {
  withDefaultFonts: false,
  telemetry: false,
  showDeveloperTools: 'never',
  agent: { disabled: true },
  mcp: { disabled: true },
  documentDownloadType: 'json',
};

// The bundle reads the document's address and its settings from this element; no inline script runs.
const page = (documentUrl: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Catalyst API reference</title>
  </head>
  <body>
    <script id="api-reference" type="application/json" data-url="${documentUrl}" data-configuration='${JSON.stringify(SETTINGS)}'></script>
    <script src="/api/docs/scalar.js"></script>
  </body>
</html>
`;

/**
 * /api/docs: the API reference page (Scalar) over /api/v1/openapi.json, and Scalar's bundle from
 * gateway/vendor/scalar (the machine serving the page may be offline). It is a page like the shell's, under
 * the shell's Content-Security-Policy (security.ts).
 */
export function createApiDocsRouter(): Router {
  const router = express.Router({ strict: true });
  const html = page(`${API_PREFIX}/openapi.json`);
  router.get('/', (_req, res) => {
    res.setHeader('cache-control', 'no-cache');
    res.type('html').send(html);
  });
  router.get('/scalar.js', (_req, res, next) => {
    res.sendFile(
      SCALAR_BUNDLE,
      { maxAge: '1d', headers: { 'content-type': 'text/javascript; charset=utf-8' } },
      (error) => error && next(error),
    );
  });
  return router;
}
