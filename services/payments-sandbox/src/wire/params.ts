import type { Context } from 'hono';
import { parseStripeForm } from './form';
import { invalidParam, missingParam } from './errors';

/** The request's parameters: the query string (GET/DELETE) merged with the form-encoded body (POST). */
export async function stripeParams(c: Context): Promise<Record<string, unknown>> {
  const query = parseStripeForm(new URL(c.req.url).search.slice(1));
  if (c.req.method !== 'POST') return query;
  const type = c.req.header('content-type') ?? '';
  const text = await c.req.text();
  if (type.includes('application/json')) {
    try {
      return { ...query, ...(JSON.parse(text || '{}') as Record<string, unknown>) };
    } catch {
      throw invalidParam('body', 'Invalid request body: expected application/x-www-form-urlencoded.');
    }
  }
  return { ...query, ...parseStripeForm(text) };
}

export function requiredString(params: Record<string, unknown>, name: string): string {
  const value = params[name];
  if (typeof value !== 'string' || value === '') throw missingParam(name);
  return value;
}

export function optionalString(params: Record<string, unknown>, name: string): string | undefined {
  const value = params[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw invalidParam(name, `Invalid string: ${name}`);
  return value;
}

export function optionalBoolean(params: Record<string, unknown>, name: string): boolean | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (value === 'true' || value === true) return true;
  if (value === 'false' || value === false) return false;
  throw invalidParam(name, `Invalid boolean: ${String(value)}`);
}

export function optionalInteger(params: Record<string, unknown>, name: string): number | undefined {
  const value = params[name];
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n)) throw invalidParam(name, `Invalid integer: ${String(value)}`);
  return n;
}

export function expandList(params: Record<string, unknown>): string[] {
  const value = params.expand;
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
