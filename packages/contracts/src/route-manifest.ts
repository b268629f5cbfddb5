import { z } from 'zod';
import {
  claimProblem,
  EXPOSED_MODULE,
  MAX_PAGES,
  PAGE_AUDIENCES,
  ROUTER_PATH,
  type RouteManifest,
} from './route-manifest-terms';

export * from './route-manifest-terms';

const routerPathSchema = z
  .string()
  .regex(ROUTER_PATH, "a path in router form: lower case, one leading and one trailing slash ('/browse/')");

/** One page of a remote's routes.json (the release data the shell mounts). */
export const publishedPageSchema = z.strictObject({
  path: routerPathSchema,
  prefix: z.boolean(),
  module: z.string().regex(EXPOSED_MODULE, "an exposed module's name ('./ProfilePage')"),
  audience: z.enum(PAGE_AUDIENCES),
  dataIcons: z.array(routerPathSchema).max(MAX_PAGES).optional(),
});

/** A remote's routes.json, as its build writes it and its release stores it beside mf-manifest.json. */
export const routeManifestSchema = z.strictObject({
  remote: z.string(),
  pages: z.array(publishedPageSchema).max(MAX_PAGES),
}) satisfies z.ZodType<RouteManifest>;

/** Where in routes.json a schema problem is ('routes.json[pages][0][path]'). */
const ROUTES_AT = (path: PropertyKey[]) => `routes.json${path.map((key) => `[${String(key)}]`).join('')}`;

/**
 * Every problem of `data` as `remote`'s routes.json: its shape, its remote's name, each page's claim
 * (REMOTE_PATH_OWNERS, the shell's pages) and a path listed twice. Empty when it may be served.
 */
export function routeManifestProblems(remote: string, data: unknown): string[] {
  const parsed = routeManifestSchema.safeParse(data);
  if (!parsed.success)
    return parsed.error.issues.map((issue) => `${ROUTES_AT(issue.path)}: ${issue.message}`);
  const problems: string[] = [];
  if (parsed.data.remote !== remote)
    problems.push(`routes.json is remote "${parsed.data.remote}", not "${remote}"`);
  const seen = new Set<string>();
  for (const page of parsed.data.pages) {
    const problem = claimProblem(remote, page);
    if (problem) problems.push(problem);
    if (seen.has(page.path)) problems.push(`${remote} lists ${page.path} twice`);
    seen.add(page.path);
  }
  return problems;
}
