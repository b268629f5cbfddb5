import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  allRoutes,
  CREATOR_REQUIRED_MESSAGE,
  defineRoutes,
  needsSignIn,
  PREMIUM_REQUIRED_MESSAGE,
  SERVICES,
} from '@catalyst/contracts';
import { createOpenApiDocument, openApiPath, refusalsOf } from './openapi';
import { startWorld } from './testing/upstreams';

type Document = ReturnType<typeof createOpenApiDocument>;
type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: Array<{ name: string; in: string }>;
  responses: Record<string, Answer>;
};
type Answer = {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema?: unknown; example?: { message?: string; errors?: unknown[] } }>;
};
const operationOf = (document: Document, method: string, path: string) =>
  (document.paths?.[openApiPath(path)] as Record<string, Operation> | undefined)?.[method.toLowerCase()];

/** Every JSON Schema in a document: the media types', parameters' and headers' schemas, and the components. */
function schemasOf(node: unknown, at = '#', found: Array<[string, unknown]> = []): Array<[string, unknown]> {
  if (Array.isArray(node)) node.forEach((item, i) => schemasOf(item, `${at}/${i}`, found));
  else if (node && typeof node === 'object')
    for (const [key, value] of Object.entries(node)) {
      if (key === 'schema') found.push([`${at}/schema`, value]);
      else if (key === 'schemas' && at === '#/components')
        for (const [name, schema] of Object.entries(value as object))
          found.push([`${at}/schemas/${name}`, schema]);
      else schemasOf(value, `${at}/${key}`, found);
    }
  return found;
}

/**
 * The OpenAPI 3.1 validator (@seriousme/openapi-schema-validator: the document against the specification's own
 * schema, and every $ref resolved), then each schema in it against JSON Schema 2020-12, the dialect 3.1 names
 * (the specification's schema leaves schemas open). Answers the problems found; none: valid.
 */
async function problemsOf(document: Document): Promise<string[]> {
  const result = await new Validator().validate(structuredClone(document) as never);
  const problems = result.valid ? [] : [JSON.stringify(result.errors)];
  const dialect = new Ajv2020({ strict: false });
  for (const [at, schema] of schemasOf(document)) {
    if (!dialect.validateSchema(schema as object))
      problems.push(`${at}: ${dialect.errorsText(dialect.errors)}`);
  }
  return problems;
}

describe('the OpenAPI document', () => {
  const document = createOpenApiDocument();

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    expect(await problemsOf(document)).toEqual([]);
  });

  it('is refused by its validator when a path, a reference or a schema is wrong', async () => {
    type Health = { get: { parameters?: unknown[]; responses: Record<string, unknown> } };
    const copy = () => {
      const clone = structuredClone(document);
      return { clone, health: (clone.paths as Record<string, Health>)['/health']!.get };
    };
    const broken = copy();
    (broken.health.responses['200'] as Answer).content!['application/json']!.schema = { type: 'nonsense' };
    expect((await problemsOf(broken.clone)).join('\n')).toContain('/health/get/responses/200');
    const dangling = copy();
    dangling.health.responses['503'] = { $ref: '#/components/responses/Nowhere' };
    expect(await problemsOf(dangling.clone)).not.toEqual([]);
    const nowhere = copy();
    nowhere.health.parameters = [{ name: 'verbose', schema: { type: 'string' } }];
    expect(await problemsOf(nowhere.clone), 'a parameter says where it goes').not.toEqual([]);
  });

  it('lists every public declaration, and nothing internal or hidden', () => {
    for (const route of allRoutes) {
      const operation = operationOf(document, route.method, route.path);
      const listed = route.access !== 'internal' && route.service !== 'every' && !route.hidden;
      expect(Boolean(operation), `${route.method} ${route.path}`).toBe(listed);
      if (!operation) continue;
      expect(operation.summary).toBe(route.summary);
      expect(operation.tags).toEqual([route.service]);
      // A session where it needs one; a scoped route also lists the API keys its scopes admit (`{}`: or nobody).
      const security = operation.security as Array<Record<string, string[]>> | undefined;
      expect(security?.[0] ?? {}, `${route.method} ${route.path} needs a bearer token`).toEqual(
        needsSignIn(route.access) ? { bearer: [] } : {},
      );
      expect(security?.[1], `${route.method} ${route.path} lists its scopes`).toEqual(
        route.scopes ? { apiKey: [...route.scopes] } : undefined,
      );
      expect(Object.keys(operation.responses).sort(), `${route.method} ${route.path}`).toEqual(
        [String(route.status ?? 200), ...Object.keys(refusalsOf(route)), '5XX'].sort(),
      );
    }
    expect(JSON.stringify(document.paths)).not.toContain('/internal/');
  });

  it("lists each route's own refusals in the one error shape, never a generic 4XX", () => {
    const listed = allRoutes.filter((r) => r.access !== 'internal' && r.service !== 'every' && !r.hidden);
    for (const route of listed) {
      const key = `${route.method} ${route.path}`;
      const { responses } = operationOf(document, route.method, route.path)!;
      expect(responses['4XX'], key).toBeUndefined();
      for (const [status, answer] of Object.entries(responses).filter(([s]) => !s.startsWith('2'))) {
        expect(answer.content?.['application/json']?.schema, `${key} ${status}`).toEqual({
          $ref: '#/components/schemas/ApiError',
        });
      }
      const protectedRoute = needsSignIn(route.access);
      expect(Boolean(responses['401']), key).toBe(protectedRoute);
      const example = (status: string) => responses[status]?.content?.['application/json']?.example;
      if (route.access === 'premium') expect(example('403')?.message, key).toBe(PREMIUM_REQUIRED_MESSAGE);
      if (route.access === 'admin') expect(example('403')?.message, key).toBe('Admin access required');
      if (route.access === 'creator') expect(example('403')?.message, key).toBe(CREATOR_REQUIRED_MESSAGE);
      const inputs = Boolean(route.params || route.query || route.body);
      if (inputs) expect(example('400')?.errors, `${key}: 400 with the fields at fault`).toHaveLength(1);
      expect(Boolean(responses['404']), key).toBe(Boolean(route.params) || Boolean(route.refuses?.[404]));
      if (route.body) expect(example('413')?.message, key).toBe('Request body is too large');
      for (const status of ['409', '410', '429'] as const)
        expect(Boolean(responses[status]), `${key} ${status}`).toBe(Boolean(route.refuses?.[status]));
      if (responses['429']) expect(Object.keys(responses['429'].headers ?? {}), key).toEqual(['Retry-After']);
    }
    // The ones handlers decide, as declared.
    const register = operationOf(document, 'POST', '/auth/register')!.responses;
    expect(Object.keys(register)).toEqual(expect.arrayContaining(['400', '409', '413', '429']));
    const login = operationOf(document, 'POST', '/auth/login')!.responses;
    expect(login['429']?.description).toMatch(/attempts/);
  });

  it('tags every operation by its owner, each tag described, media and community among them', () => {
    const tags = (document.tags ?? []).map((t) => t.name);
    expect(tags).toEqual(expect.arrayContaining(['media', 'community']));
    for (const tag of document.tags ?? []) expect(tag.description, tag.name).toMatch(/\w{4}/);
    const used = new Set(
      Object.values(document.paths ?? {}).flatMap((item) =>
        Object.values(item as Record<string, Operation>).flatMap((operation) => operation.tags ?? []),
      ),
    );
    expect([...used].sort()).toEqual([...tags].sort());
    expect([...SERVICES, 'gateway'].filter((owner) => !tags.includes(owner))).toEqual([]);
  });

  it('answers byte routes in their own media types, not the JSON success shape', () => {
    const bytes = allRoutes.filter((r) => r.answer === 'bytes' && r.access !== 'internal' && !r.hidden);
    expect(bytes.length).toBeGreaterThan(5);
    for (const route of bytes) {
      const success = operationOf(document, route.method, route.path)!.responses[
        String(route.status ?? 200)
      ]!;
      expect(Object.keys(success.content ?? {}), `${route.method} ${route.path}`).toEqual([
        ...(route.produces ?? []),
      ]);
    }
    const types = (method: string, path: string) =>
      Object.keys(operationOf(document, method, path)!.responses['200']!.content ?? {});
    expect(types('GET', '/community/threads/:threadId/events')).toEqual(['text/event-stream']);
    expect(types('GET', '/community/live/:productId/calendar.ics')).toEqual(['text/calendar']);
    expect(types('GET', '/certificates/:code/credential')).toEqual(['application/vc+jwt']);
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
    expect(await problemsOf(widgets)).toEqual([]);
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
