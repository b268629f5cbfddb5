import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allRoutes, defineRoutes } from '@catalyst/contracts';
import { createOpenApiDocument, openApiPath } from './openapi';
import { startWorld } from './testing/upstreams';

type Document = ReturnType<typeof createOpenApiDocument>;
type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: Array<{ name: string; in: string }>;
  responses: Record<string, unknown>;
};
const operationOf = (document: Document, method: string, path: string) =>
  (document.paths?.[openApiPath(path)] as Record<string, Operation> | undefined)?.[method.toLowerCase()];

const validate = (document: Document) => SwaggerParser.validate(structuredClone(document) as never);

describe('the OpenAPI document', () => {
  const document = createOpenApiDocument();

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    await expect(validate(document)).resolves.toMatchObject({ openapi: '3.1.0', info: document.info });
  });

  it('lists every public declaration, and nothing internal or hidden', () => {
    for (const route of allRoutes) {
      const operation = operationOf(document, route.method, route.path);
      const listed = route.access !== 'internal' && route.service !== 'every' && !route.hidden;
      expect(Boolean(operation), `${route.method} ${route.path}`).toBe(listed);
      if (!operation) continue;
      expect(operation.summary).toBe(route.summary);
      expect(operation.tags).toEqual([route.service]);
      expect(Boolean(operation.security?.length), `${route.method} ${route.path} needs a bearer token`).toBe(
        ['user', 'premium', 'admin'].includes(route.access),
      );
      expect(Object.keys(operation.responses)).toEqual(
        expect.arrayContaining([String(route.status ?? 200), '4XX', '5XX']),
      );
    }
    expect(JSON.stringify(document.paths)).not.toContain('/internal/');
  });

  it('writes path parameters in braces and declares each of them', () => {
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      expect(path, 'no :param left').not.toContain(':');
      for (const operation of Object.values(item as Record<string, Operation>)) {
        const inPath = (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
        expect(inPath.sort(), path).toEqual([...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort());
      }
    }
  });

  it('renders coerced, preprocessed and transformed schemas as requests send and answers carry them', async () => {
    const tables = {
      widgetRoutes: defineRoutes({
        find: {
          method: 'GET',
          path: '/widgets/:id',
          service: 'content',
          access: 'premium',
          summary: 'A widget',
          params: z.object({ id: z.string().transform((id) => id.toLowerCase()) }),
          query: z.object({
            limit: z.coerce.number().int().min(1).default(5),
            tags: z
              .preprocess((v) => (typeof v === 'string' ? v.split(',') : v), z.array(z.string()))
              .optional(),
          }),
          response: z.object({
            name: z.string(),
            size: z
              .string()
              .transform((s) => s.length)
              .pipe(z.number()),
          }),
        },
        save: {
          method: 'POST',
          path: '/widgets',
          service: 'content',
          access: 'admin',
          summary: 'Save a widget',
          body: z.object({ name: z.string().trim().min(1), when: z.coerce.date().optional() }),
          response: z.object({ saved: z.literal(true) }),
          status: 201,
        },
      }),
    };
    const widgets = createOpenApiDocument(tables);
    await expect(validate(widgets)).resolves.toMatchObject({ openapi: '3.1.0', info: widgets.info });
    const find = operationOf(widgets, 'GET', '/widgets/:id')!;
    expect(find.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual([
      'path:id',
      'query:limit',
      'query:tags',
    ]);
    expect(Object.keys(find.responses)).toEqual(expect.arrayContaining(['200', '401', '403']));
    expect(Object.keys(operationOf(widgets, 'POST', '/widgets')!.responses)).toContain('201');
  });
});

describe('the document and its reference page, served by the gateway', () => {
  let world: Awaited<ReturnType<typeof startWorld>>;
  beforeAll(async () => {
    world = await startWorld();
  });
  afterAll(() => world.close());

  it('answers GET /api/v1/openapi.json itself, with a validator that saves the download', async () => {
    const response = await fetch(`${world.gateway.url}/api/v1/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const etag = response.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(await response.json()).toEqual(JSON.parse(JSON.stringify(createOpenApiDocument())));
    const again = await fetch(`${world.gateway.url}/api/v1/openapi.json`, {
      headers: { 'if-none-match': etag! },
    });
    expect(again.status).toBe(304);
    expect([world.auth, world.content, world.progress, world.billing].every((s) => s.seen.length === 0)).toBe(
      true,
    );
  });

  it("serves the reference page and its script from this machine, under the pages' Content-Security-Policy", async () => {
    const page = await fetch(`${world.gateway.url}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'none'");
    const html = await page.text();
    expect(html).toContain('data-url="/api/v1/openapi.json"');
    expect(html).not.toMatch(/https?:\/\//);
    const script = await fetch(`${world.gateway.url}/api/docs/scalar.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    const source = await script.text();
    expect(source.length).toBeGreaterThan(100_000);
    // The vendored bundle (gateway/vendor/scalar), under its licence line.
    expect(source.split('\n', 1)[0]).toMatch(/^\/\*! @scalar\/api-reference [\d.]+, .*MIT License/);
  });
});
