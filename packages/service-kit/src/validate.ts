import type { Context } from 'hono';
import { z } from 'zod';
import { DEFAULT_BODY_BYTES, type FieldError } from '@catalyst/contracts';
import { HttpError, badRequest } from './errors';
import { bodyBytes } from './request-body';

/** zod issues in the one error shape: the field's dotted path and the rule's own message. */
export function zodFieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    field: issue.path.map(String).join('.') || 'body',
    message: issue.message,
  }));
}

export const UNSTORABLE_TEXT_MESSAGE = 'Text cannot contain NUL characters or invalid Unicode';
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The path of the first string Postgres (NUL) or an encoder (lone surrogate) would choke on, if any. */
function unstorableTextPath(value: unknown, path: string[] = [], depth = 0): string[] | undefined {
  if (typeof value === 'string')
    return value.includes('\u0000') || LONE_SURROGATE.test(value) ? path : undefined;
  if (depth > 32 || value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found =
      unstorableTextPath(key, path, depth + 1) ?? unstorableTextPath(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** Parses a value against a schema; a failure becomes a 400 whose message is the first problem. */
export function parseWith<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const unstorable = unstorableTextPath(value);
  if (unstorable)
    throw badRequest(UNSTORABLE_TEXT_MESSAGE, [
      { field: unstorable.join('.') || 'body', message: UNSTORABLE_TEXT_MESSAGE },
    ]);
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors = zodFieldErrors(result.error);
  throw badRequest(errors[0]?.message ?? 'Invalid request', errors);
}

/** Deeper nesting than any request of this API has: refused before JSON.parse spends time on it. */
export const MAX_JSON_DEPTH = 32;
export const BODY_TOO_LARGE_MESSAGE = 'Request body is too large';
export const BODY_TOO_DEEP_MESSAGE = 'Request body is nested too deeply';

/** The deepest bracket nesting of a JSON text (strings skipped), stopping as soon as it passes `limit`. */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 92)
        i += 1; // backslash: skip the escaped character
      else if (code === 34) inString = false;
    } else if (code === 34) inString = true;
    else if (code === 123 || code === 91) {
      depth += 1;
      if (depth > limit) return true;
    } else if (code === 125 || code === 93) depth -= 1;
  }
  return false;
}

/**
 * Reads and validates a JSON body; malformed JSON is a 400, never a 500. The size is checked per route
 * (small by default, `maxBytes` where a route needs more) and the nesting before parsing, so a large or
 * deeply nested body costs its sender a 413/400 and nobody else any time.
 */
export async function parseBody<T extends z.ZodType>(
  c: Context,
  schema: T,
  { maxBytes = DEFAULT_BODY_BYTES }: { maxBytes?: number } = {},
): Promise<z.infer<T>> {
  const bytes = await bodyBytes(c);
  if (bytes.length > maxBytes) throw new HttpError(413, BODY_TOO_LARGE_MESSAGE);
  return parseJsonText(schema, bytes.toString('utf8'));
}

/** A JSON body's text validated as parseBody does (an empty one is `{}`); a save of a gathered batch too. */
export function parseJsonText<T extends z.ZodType>(schema: T, text: string): z.infer<T> {
  if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) throw badRequest(BODY_TOO_DEEP_MESSAGE);
  let body: unknown;
  try {
    body = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw badRequest('Malformed JSON body');
  }
  return parseWith(schema, body);
}

/** The one success shape: { success: true, data, message? }. */
export function ok<T>(c: Context, data: T, message?: string, status: 200 | 201 | 202 = 200) {
  return c.json(message === undefined ? { success: true, data } : { success: true, data, message }, status);
}
