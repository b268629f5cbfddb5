import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { allRouteTables, API_PREFIX } from '@catalyst/contracts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Where product code lives: every address in it comes from a declaration (packages/contracts). */
const PRODUCT_DIRS = ['services', 'gateway', 'packages', 'shell', 'mfe-*', 'deploy'];

/** Not product code, or the one place addresses are written: tests and their doubles, generated files, contracts. */
const EXCLUDED = [
  /(^|\/)node_modules\//,
  /(^|\/)dist\//,
  /\.(test|spec)\.tsx?$/,
  /(^|\/)testing(\/|\.tsx?$)/,
  /(^|\/)[a-z-]*test-support\.ts$/,
  /\.generated\.ts$/,
  /\.d\.ts$/,
  /^packages\/contracts\/src\/(routes\/|api-path\.ts$)/,
];

/** The product's TypeScript sources the check reads (tracked by git, so new files count once added). */
export function productSources(): string[] {
  const out = execFileSync(
    'git',
    [
      'ls-files',
      '--',
      ...PRODUCT_DIRS.map((dir) => `${dir}/*.ts`),
      ...PRODUCT_DIRS.map((dir) => `${dir}/*.tsx`),
    ],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  return out.split('\n').filter((file) => file !== '' && !EXCLUDED.some((pattern) => pattern.test(file)));
}

/** A stand-in for a `${…}` of a template literal: it may fill one path segment. */
const HOLE = '\u0000';

/** Each declared path (under the prefix) as a pattern: a `:param` takes one segment, or a `${…}` of the source. */
function declaredPatterns(): Array<{ path: string; pattern: RegExp }> {
  const paths = new Set<string>();
  for (const table of Object.values(allRouteTables))
    for (const route of Object.values(table)) if (route.path.split('/').length > 2) paths.add(route.path);
  return [...paths].map((path) => ({
    path,
    pattern: new RegExp(
      `^${path
        .split('/')
        .map((segment) =>
          segment.startsWith(':') ? `[^/${HOLE}]+|${HOLE}` : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
        )
        .map((segment) => `(?:${segment})`)
        .join('/')}$`,
    ),
  }));
}

/** The calls that take an API address (web-kit's client, fetch, EventSource, tus-js-client's Upload, URL). */
const ADDRESS_TAKERS = new Set([
  'url',
  'get',
  'post',
  'put',
  'patch',
  'delete',
  'request',
  'prefetch',
  'fetch',
  'EventSource',
  'Upload',
  'URL',
]);

/** True when the literal is (part of) an argument of a call that takes an API address. */
function givenToAddressTaker(node: ts.Node): boolean {
  for (let at: ts.Node | undefined = node.parent, depth = 0; at && depth < 3; at = at.parent, depth += 1) {
    if (ts.isCallExpression(at) || ts.isNewExpression(at)) {
      const callee = at.expression;
      const name = ts.isPropertyAccessExpression(callee) ? callee.name.text : callee.getText();
      return ADDRESS_TAKERS.has(name);
    }
  }
  return false;
}

interface Literal {
  line: number;
  text: string;
  /** Given to a call that takes an API address (a browser's page paths may equal API paths otherwise). */
  called: boolean;
}

/** The texts of a file's string and template literals (a template's `${…}` as HOLE), with their lines. */
function literals(file: string, text: string): Literal[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Literal[] = [];
  const at = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
      found.push({ line: at(node), text: node.text, called: givenToAddressTaker(node) });
    else if (ts.isTemplateExpression(node))
      found.push({
        line: at(node),
        text: node.head.text + node.templateSpans.map((span) => HOLE + span.literal.text).join(''),
        called: givenToAddressTaker(node),
      });
    else if (node.kind === ts.SyntaxKind.RegularExpressionLiteral)
      found.push({ line: at(node), text: node.getText(source).replace(/\\\//g, '/'), called: false });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

export interface PathLiteral {
  file: string;
  line: number;
  text: string;
}

/**
 * Where a page's path may equal an API path (the admin pages mirror the admin API, a certificate's page its
 * JSON): browser code, and the contracts' page addresses.
 */
const PAGES_TOO = /^(shell|mfe-[a-z-]+|packages\/web-kit|packages\/contracts)\//;

/**
 * Every literal in product code that writes an API address by hand: one that names the API's prefix, or one
 * that is a declared route's path (in browser code: one given to a call that takes an address). Such addresses belong to the declarations: `routeUrl(route, …)`
 * in server code, `api.<group>.<name>.url(…)` in browsers.
 */
export function apiPathLiterals(files: string[] = productSources()): PathLiteral[] {
  const patterns = declaredPatterns();
  const hits: PathLiteral[] = [];
  for (const file of files) {
    const text = readFileSync(`${root}/${file}`, 'utf8');
    if (!text.includes('/')) continue;
    for (const literal of literals(file, text)) {
      const path = literal.text.split('?')[0]!;
      const isApiPath =
        literal.text.includes(API_PREFIX) ||
        (path.startsWith('/') &&
          (literal.called || !PAGES_TOO.test(file)) &&
          patterns.some(({ pattern }) => pattern.test(path)));
      if (isApiPath) hits.push({ file, line: literal.line, text: literal.text.replaceAll(HOLE, '${…}') });
    }
  }
  return hits;
}
