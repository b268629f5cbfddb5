// What every SCIM handler reads from a request: its JSON body, its page and its one-attribute `eq` filter.
import type { Context } from 'hono';
import type { AppEnv } from '@catalyst/service-kit';
import { SCIMMY, ScimRefusal } from './scim-answers';

export type ScimContext = Context<AppEnv>;

/** The directory, as the team's audit log names it. */
export const DIRECTORY = { actor_user_id: null, actor_name: 'Directory sync (SCIM)', actor_email: '' };

/** The SCIM body of a request: a JSON object, else SCIM's invalidSyntax. */
export async function bodyOf(c: ScimContext): Promise<Record<string, unknown>> {
  let body: unknown;
  try {
    body = JSON.parse(await c.req.text());
  } catch {
    throw new ScimRefusal(400, 'invalidSyntax', 'The request body is not JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new ScimRefusal(400, 'invalidSyntax', 'The request body must be a JSON object');
  return body as Record<string, unknown>;
}

export interface Page {
  startIndex: number;
  count: number;
}

/** `startIndex` and `count` of a list (RFC 7644 §3.4.2.4): 1-based, a count of at most 200. */
export function pageOf(query: { startIndex?: string; count?: string }): Page {
  const number = (value: string | undefined, fallback: number) => {
    if (value === undefined || value === '') return fallback;
    const parsed = Number(value);
    if (!Number.isInteger(parsed))
      throw new ScimRefusal(400, 'invalidValue', `${value} is not a whole number`);
    return parsed;
  };
  return {
    startIndex: Math.max(1, number(query.startIndex, 1)),
    count: Math.min(200, Math.max(0, number(query.count, 100))),
  };
}

/** A ListResponse of one page of `resources`. */
export function listAnswer(resources: readonly unknown[], { startIndex, count }: Page) {
  const items = resources.slice(startIndex - 1, startIndex - 1 + count);
  return {
    schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
    totalResults: resources.length,
    startIndex,
    itemsPerPage: items.length,
    Resources: items,
  };
}

/**
 * The `<attribute> eq "…"` a filter asks for (what directories send to find a resource), parsed by scimmy;
 * undefined without a filter; any other filter is refused with SCIM's invalidFilter.
 */
export function filterOf(
  filter: string | undefined,
  attributes: readonly string[],
): { attribute: string; value: string } | undefined {
  if (filter === undefined || filter.trim() === '') return undefined;
  const parsed = new SCIMMY.Types.Filter(filter) as unknown as Record<string, unknown[]>[];
  const [only] = parsed;
  const keys = only ? Object.keys(only) : [];
  const attribute = attributes.find((a) => a.toLowerCase() === keys[0]?.toLowerCase());
  const [op, value] = (attribute && keys[0] ? only?.[keys[0]] : undefined) ?? [];
  if (parsed.length !== 1 || keys.length !== 1 || !attribute || String(op).toLowerCase() !== 'eq')
    throw new ScimRefusal(
      400,
      'invalidFilter',
      `Only filter=${attributes.map((a) => `${a} eq "…"`).join(' or ')} is supported`,
    );
  return { attribute, value: String(value).trim() };
}
