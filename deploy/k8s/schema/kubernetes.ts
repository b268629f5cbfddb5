// The Kubernetes API schema of the kinds the manifests use (kubernetes-<version>.json beside this file, written by
// generate.ts), checked with ajv: an object's schema errors (types, required fields, enums, formats such as
// quantities) and its unknown fields (every object definition with properties is closed), each by its path.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type ErrorObject, type Format } from 'ajv';

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** The vendored schema file (one per Kubernetes version; the newest wins if a bump left two). */
export const schemaFile = (): string => {
  const names = readdirSync(HERE)
    .filter((f) => /^kubernetes-\d+\.\d+\.\d+\.json$/.test(f))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  if (!names.length) throw new Error(`no kubernetes-<version>.json in ${HERE}: run generate.ts`);
  return path.join(HERE, names.at(-1)!);
};

// Kubernetes' resource.Quantity: <signedNumber><suffix>, the suffix binary (Ki … Ei), decimal (n u m k M G T P E)
// or an exponent (e3, E-2).
const NUMBER = String.raw`[+-]?(?:\d+\.?\d*|\.\d+)`;
const QUANTITY = new RegExp(String.raw`^${NUMBER}(?:[KMGTPE]i|[numkMGTPE]|[eE][+-]?\d+)?$`);
// RFC 3339, as metav1.Time marshals it.
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** The formats the schema names; a number format checks numbers only, a string format strings only. */
const FORMATS: Record<string, Format> = {
  int32: { type: 'number', validate: (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31 },
  quantity: { type: 'string', validate: QUANTITY },
  'date-time': { type: 'string', validate: DATE_TIME },
  byte: { type: 'string', validate: BASE64 },
};

export interface ApiObject {
  apiVersion: string;
  kind: string;
}
/** What the API schema says of one object; undefined when the schema has no definition for its kind. */
export type ApiCheck = (o: ApiObject) => { schema: string[]; unknown: string[] } | undefined;

/** A JSON Pointer as a field path: /spec/template/spec/containers/0/name → spec.template.spec.containers[0].name */
export const fieldPath = (pointer: string): string =>
  pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((at, s) => (/^\d+$/.test(s) ? `${at}[${s}]` : at ? `${at}.${s}` : s), '');

const describe = (e: ErrorObject): string => {
  const at = e.instancePath || '/';
  if (e.keyword === 'enum')
    return `${at} must be one of ${(e.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
  if (e.keyword === 'type') return `${at} must be ${String(e.params.type).split(',').join(' or ')}`;
  return `${at} ${e.message}`;
};

/** Compiles the schema (by default the vendored file) once; each kind's validator on first use. */
export function apiChecker(
  schema: object = JSON.parse(readFileSync(schemaFile(), 'utf8')) as object,
): ApiCheck {
  const ajv = new Ajv({ allErrors: true, allowUnionTypes: true, strict: true, formats: FORMATS });
  ajv.addVocabulary(['x-kubernetes-group-version-kind']);
  ajv.addSchema(schema, 'kubernetes');
  type GroupVersionKind = { group: string; version: string; kind: string };
  const { definitions } = schema as {
    definitions: Record<string, { 'x-kubernetes-group-version-kind'?: GroupVersionKind[] }>;
  };
  // The top-level kinds, by "apiVersion kind" (apps/v1 Deployment, v1 Secret).
  const byKind = new Map<string, string>();
  for (const [name, definition] of Object.entries(definitions))
    for (const { group, version, kind } of definition['x-kubernetes-group-version-kind'] ?? [])
      byKind.set(`${group ? `${group}/` : ''}${version} ${kind}`, name);
  return (o) => {
    const name = byKind.get(`${o.apiVersion} ${o.kind}`);
    if (!name) return undefined;
    // ajv compiles a definition on its first use and keeps it.
    const validate = ajv.getSchema(`kubernetes#/definitions/${name}`)!;
    validate(o);
    // A value of the wrong type is said once (an int-or-string's 1.5 is not also "not an int32").
    const mistyped = new Set(
      (validate.errors ?? []).filter((e) => e.keyword === 'type').map((e) => e.instancePath),
    );
    const errors = (validate.errors ?? []).filter(
      (e) => e.keyword !== 'format' || !mistyped.has(e.instancePath),
    );
    return {
      schema: errors.filter((e) => e.keyword !== 'additionalProperties').map(describe),
      unknown: errors
        .filter((e) => e.keyword === 'additionalProperties')
        .map((e) => [fieldPath(e.instancePath), e.params.additionalProperty].filter(Boolean).join('.')),
    };
  };
}
