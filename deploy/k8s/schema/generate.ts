// Writes kubernetes-<version>.json beside this file: the Kubernetes API's JSON Schema for the kinds the manifests
// use (KINDS below), trimmed to the definitions they reach and made strict the way kubeconform's "-strict" schemas
// are: every object definition that declares properties gets `additionalProperties: false` (maps, such as labels
// or resource limits, stay maps), so a field Kubernetes does not have is an error.
//
// Its source is the kubernetes-models package (MIT; generated from the Kubernetes OpenAPI document, Apache-2.0),
// which is not a dependency of this project. To re-run, for a new Kubernetes version or a new kind (then
// `npm install` takes the package away again):
//
//   npm i --no-save kubernetes-models@<version> && npx tsx deploy/k8s/schema/generate.ts
//
// kubernetes-models ships each definition twice, neither as JSON Schema: as TypeScript declarations (the fields,
// which are required, enums, arrays and maps) and as validators compiled from the OpenAPI schema (integer or
// number, formats such as int32, quantity or date-time). The structure is read from the first with the TypeScript
// compiler's API; each number and string field is then put to the second with a probe value (1.5, 2^31, 2^60, a
// malformed string) and the errors it answers say its JSON type and format. Before writing, every rendered
// manifest is checked with both the new schema and kubernetes-models' validators: they must agree.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import ts from 'typescript';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/** The kinds `kubectl kustomize` renders from base/ and overlays/production/, and secrets.example.yaml's. */
const KINDS = [
  ['v1', 'ConfigMap'],
  ['v1', 'Namespace'],
  ['v1', 'Secret'],
  ['v1', 'Service'],
  ['apps/v1', 'Deployment'],
  ['autoscaling/v2', 'HorizontalPodAutoscaler'],
  ['batch/v1', 'Job'],
  ['networking.k8s.io/v1', 'Ingress'],
  ['networking.k8s.io/v1', 'NetworkPolicy'],
  ['policy/v1', 'PodDisruptionBudget'],
] as const;

/** The Kubernetes release kubernetes-models' schemas were generated from (its CHANGELOG names it per version). */
const KUBERNETES_VERSION: Record<string, string> = { '4.5.1': '1.33.0' };

type Schema = { [keyword: string]: unknown };
type CompiledValidator = ((data: unknown) => boolean) & {
  errors?: { instancePath: string; keyword: string; params: Record<string, unknown> }[] | null;
};

const modelsVersion = (require('kubernetes-models/package.json') as { version: string }).version;
const kubernetesVersion = KUBERNETES_VERSION[modelsVersion];
if (!kubernetesVersion)
  throw new Error(
    `kubernetes-models ${modelsVersion}: add the Kubernetes version it was generated from to KUBERNETES_VERSION (its CHANGELOG says it)`,
  );

/** kubernetes-models keeps a kind in <group>/<version>/<Kind> (core kinds in v1/<Kind>): its model and its `I<Kind>`. */
const modelSpecifier = (apiVersion: string, kind: string) => `kubernetes-models/${apiVersion}/${kind}`;
const declarationFile = (apiVersion: string, kind: string) =>
  require.resolve(modelSpecifier(apiVersion, kind)).replace(/\.js$/, '.d.ts');

const files = KINDS.map(([apiVersion, kind]) => declarationFile(apiVersion, kind));
const program = ts.createProgram(files, {
  noEmit: true,
  types: [],
  lib: ['lib.es5.d.ts'],
  module: ts.ModuleKind.CommonJS,
  moduleResolution: ts.ModuleResolutionKind.Node10,
});
const checker = program.getTypeChecker();

/** The OpenAPI name of a declaration, from the file kubernetes-models keeps it in. */
function definitionName(file: string): string {
  const m = /node_modules\/(kubernetes-models|@kubernetes-models\/apimachinery)\/(.+)\.d\.ts$/.exec(file);
  if (!m) throw new Error(`not a kubernetes-models declaration: ${file}`);
  const parts = m[2]!.split('/');
  if (m[1] !== 'kubernetes-models') return `io.k8s.apimachinery.pkg.${parts.join('.')}`;
  if (parts.length === 2) return `io.k8s.api.core.${parts.join('.')}`;
  const [group, ...rest] = parts;
  return `io.k8s.api.${group!.split('.')[0]}.${rest.join('.')}`;
}

/** kubernetes-models' compiled validator of a declaration (named by its long export, e.g. IIoK8sApiCoreV1Container). */
function validatorOf(declaration: ts.InterfaceDeclaration | ts.TypeAliasDeclaration): CompiledValidator {
  const source = declaration.getSourceFile();
  let long: string | undefined;
  for (const statement of source.statements)
    if (
      ts.isExportDeclaration(statement) &&
      statement.exportClause &&
      ts.isNamedExports(statement.exportClause)
    )
      for (const specifier of statement.exportClause.elements)
        if ((specifier.propertyName ?? specifier.name).text === declaration.name.text)
          if (specifier.name.text.startsWith('IIoK8s')) long = specifier.name.text.slice(1);
  if (!long) throw new Error(`${source.fileName}: no long export of ${declaration.name.text}`);
  // Not in the packages' exports: loaded by its path.
  const root = /^.*node_modules\/(?:kubernetes-models|@kubernetes-models\/apimachinery)\//.exec(
    source.fileName,
  )![0];
  return (require(`${root}_schemas/${long}.js`) as { validate: CompiledValidator }).validate;
}

const definitions: Record<string, Schema> = {};

/**
 * What the compiled validator answers for `value` placed at `pointer`: the errors about that place only. Any
 * keyword but a type or format (a oneOf of int-or-string aside) is one this reading does not carry over: refused.
 */
function probe(
  validate: CompiledValidator,
  place: (value: unknown) => unknown,
  pointer: string,
  value: unknown,
) {
  validate(place(value));
  const errors = (validate.errors ?? []).filter((e) => e.instancePath === pointer);
  const other = errors.find((e) => !['type', 'format', 'oneOf'].includes(e.keyword));
  if (other)
    throw new Error(`${pointer}: the validator checks ${other.keyword}, which generate.ts does not read`);
  return errors;
}

/** A number field's JSON type and format, as the validator checks it. */
function numberSchema(
  validate: CompiledValidator,
  place: (value: unknown) => unknown,
  pointer: string,
): Schema {
  const integer = probe(validate, place, pointer, 1.5).some(
    (e) => (e.keyword === 'type' && e.params.type === 'integer') || e.keyword === 'format',
  );
  if (!integer) return { type: 'number' };
  for (const value of [2 ** 31, 2 ** 60]) {
    const format = probe(validate, place, pointer, value).find((e) => e.keyword === 'format');
    if (format) return { type: 'integer', format: format.params.format };
  }
  return { type: 'integer' };
}

/** A string field's format, as the validator checks it (none for most). */
function stringSchema(
  validate: CompiledValidator,
  place: (value: unknown) => unknown,
  pointer: string,
): Schema {
  const format = probe(validate, place, pointer, '\u0000 not a value').find((e) => e.keyword === 'format');
  return format ? { type: 'string', format: format.params.format } : { type: 'string' };
}

/** The JSON Schema of one TypeScript type as kubernetes-models declares it, at `pointer` in its definition. */
function convert(
  node: ts.TypeNode,
  validate: CompiledValidator,
  place: (value: unknown) => unknown,
  pointer: string,
): Schema {
  switch (node.kind) {
    case ts.SyntaxKind.StringKeyword:
      return stringSchema(validate, place, pointer);
    case ts.SyntaxKind.NumberKeyword:
      return numberSchema(validate, place, pointer);
    case ts.SyntaxKind.BooleanKeyword:
      return { type: 'boolean' };
    case ts.SyntaxKind.LiteralType: {
      const literal = (node as ts.LiteralTypeNode).literal;
      if (ts.isStringLiteral(literal)) return { type: 'string', enum: [literal.text] };
      break;
    }
    case ts.SyntaxKind.ArrayType:
      return {
        type: 'array',
        items: convert((node as ts.ArrayTypeNode).elementType, validate, (v) => place([v]), `${pointer}/0`),
      };
    case ts.SyntaxKind.UnionType: {
      const members = (node as ts.UnionTypeNode).types;
      if (members.every((m) => ts.isLiteralTypeNode(m) && ts.isStringLiteral(m.literal)))
        return {
          type: 'string',
          enum: members.map((m) => ((m as ts.LiteralTypeNode).literal as ts.StringLiteral).text),
        };
      // int-or-string, quantity: one schema with both JSON types; each format checks only its own type.
      const branches = members.map((m) => convert(m, validate, place, pointer));
      const formats = branches.filter((b) => b.format);
      if (
        formats.length > 1 ||
        branches.some((b) => Object.keys(b).some((k) => k !== 'type' && k !== 'format'))
      )
        return { anyOf: branches };
      return { type: branches.map((b) => b.type), ...(formats[0] ? { format: formats[0].format } : {}) };
    }
    case ts.SyntaxKind.TypeLiteral: {
      const members = (node as ts.TypeLiteralNode).members;
      const index = members[0];
      if (members.length === 1 && index && ts.isIndexSignatureDeclaration(index))
        return {
          type: 'object',
          additionalProperties: convert(index.type, validate, (v) => place({ key: v }), `${pointer}/key`),
        };
      break;
    }
    case ts.SyntaxKind.TypeReference: {
      const reference = node as ts.TypeReferenceNode;
      if (
        ts.isIdentifier(reference.typeName) &&
        reference.typeName.text === 'Array' &&
        reference.typeArguments
      )
        return {
          type: 'array',
          items: convert(reference.typeArguments[0]!, validate, (v) => place([v]), `${pointer}/0`),
        };
      let symbol = checker.getSymbolAtLocation(reference.typeName);
      if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
      const declaration = symbol?.declarations?.[0];
      if (declaration && (ts.isInterfaceDeclaration(declaration) || ts.isTypeAliasDeclaration(declaration)))
        return { $ref: `#/definitions/${define(declaration)}` };
      break;
    }
  }
  throw new Error(
    `${node.getSourceFile().fileName}: no JSON Schema for the type ${node.getText()} at ${pointer}`,
  );
}

/** Adds a declaration (and all it reaches) to the definitions; its name. */
function define(declaration: ts.InterfaceDeclaration | ts.TypeAliasDeclaration): string {
  const name = definitionName(declaration.getSourceFile().fileName);
  if (definitions[name]) return name;
  const validate = validatorOf(declaration);
  if (ts.isTypeAliasDeclaration(declaration)) {
    definitions[name] = {};
    definitions[name] = convert(declaration.type, validate, (v) => v, '');
    return name;
  }
  for (const clause of declaration.heritageClauses ?? [])
    for (const base of clause.types)
      if (base.expression.getText() !== 'TypeMeta')
        throw new Error(`${name} extends ${base.expression.getText()}: read its fields too`);
  const properties: Record<string, Schema> = {};
  const required: string[] = [];
  const schema: Schema = { type: 'object' };
  definitions[name] = schema;
  for (const member of declaration.members) {
    if (!ts.isPropertySignature(member) || !member.type || !ts.isStringLiteral(member.name))
      throw new Error(`${name}: unexpected member ${member.getText()}`);
    const field = member.name.text;
    properties[field] = convert(member.type, validate, (v) => ({ [field]: v }), `/${field}`);
    if (!member.questionToken) required.push(field);
  }
  validate({});
  const validatorRequires = (validate.errors ?? [])
    .filter((e) => e.keyword === 'required' && e.instancePath === '')
    .map((e) => e.params.missingProperty);
  if (validatorRequires.sort().join() !== [...required].sort().join())
    throw new Error(`${name}: the declarations require ${required}, the validator ${validatorRequires}`);
  if (Object.keys(properties).length) {
    schema.properties = properties;
    if (required.length) schema.required = required;
    schema.additionalProperties = false;
  }
  return name;
}

/** The declaration of `I<Kind>` in a kind's file. */
function kindDeclaration(file: string, kind: string): ts.InterfaceDeclaration {
  const source = program.getSourceFile(file);
  const declaration = source?.statements.find(
    (s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === `I${kind}`,
  );
  if (!declaration) throw new Error(`${file}: no interface I${kind}`);
  return declaration;
}

for (const [i, [apiVersion, kind]] of KINDS.entries()) {
  const name = define(kindDeclaration(files[i]!, kind));
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
  definitions[name]!['x-kubernetes-group-version-kind'] = [{ group, kind, version }];
}

const sorted = Object.fromEntries(Object.entries(definitions).sort(([a], [b]) => a.localeCompare(b)));
const schema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $comment:
    `The Kubernetes ${kubernetesVersion} API (its OpenAPI document, Apache-2.0, The Kubernetes Authors), ` +
    `read from kubernetes-models ${modelsVersion} by deploy/k8s/schema/generate.ts: only the definitions the kinds ` +
    'with x-kubernetes-group-version-kind reach; every object with properties closed (additionalProperties: false). ' +
    'Do not edit: re-run the generator.',
  definitions: sorted,
};

// The new schema must say what kubernetes-models says of every object the manifests render.
const { apiChecker } = await import('./kubernetes');
const { KUSTOMIZATIONS, SECRETS_EXAMPLE, parseObjects, render } = await import('../validate');
const check = apiChecker(schema);
const rendered = [
  ...Object.values(KUSTOMIZATIONS).flatMap(render),
  ...parseObjects(readFileSync(SECRETS_EXAMPLE, 'utf8')),
];
for (const o of rendered) {
  const Model = (
    require(modelSpecifier(o.apiVersion, o.kind)) as Record<
      string,
      new (data: unknown) => { validate(): void }
    >
  )[o.kind]!;
  let before = 'valid';
  try {
    new Model(o).validate();
  } catch (e) {
    before = (e as Error).message;
  }
  const after = check(o);
  const problems = after ? [...after.schema, ...after.unknown] : ['no definition'];
  if ((before === 'valid') !== (problems.length === 0))
    throw new Error(
      `${o.kind}/${o.metadata.name}: kubernetes-models says ${before}; the new schema ${problems.join(', ')}`,
    );
}

const out = path.join(HERE, `kubernetes-${kubernetesVersion}.json`);
const options = await prettier.resolveConfig(out);
writeFileSync(out, await prettier.format(JSON.stringify(schema), { ...options, filepath: out }));
console.log(
  `${path.relative(process.cwd(), out)}: ${Object.keys(sorted).length} definitions for ${KINDS.length} kinds; ` +
    `${rendered.length} rendered objects judged alike by kubernetes-models and the new schema`,
);
