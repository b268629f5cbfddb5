import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { TRACING_TEST_FILES } from '../vitest.config';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Every test file git knows of, committed or new (ignored ones left out): vitest's and the e2e journeys. */
function testFiles(): string[] {
  const listed = execFileSync(
    'git',
    [
      'ls-files',
      '-z',
      '--cached',
      '--others',
      '--exclude-standard',
      '--',
      ':(glob)**/*.test.ts',
      ':(glob)**/*.test.tsx',
      ':(glob)e2e/**/*.spec.ts',
    ],
    { cwd: ROOT, encoding: 'utf8' },
  );
  // A file deleted but not yet committed is still listed.
  return [...new Set(listed.split('\0').filter(Boolean))]
    .filter((file) => existsSync(path.join(ROOT, file)))
    .sort();
}

/** `expect` for `expect`, `expect.poll`, `expect.soft`…: the name a callee starts from. */
const rootName = (callee: ts.Expression): string | undefined =>
  ts.isIdentifier(callee)
    ? callee.text
    : ts.isPropertyAccessExpression(callee)
      ? rootName(callee.expression)
      : undefined;

/** Whether code calls vitest's or Playwright's expect (`expect(…)`, `expect.poll(…)`), not in a comment or a string. */
function callsExpect(source: string, file = 'test.tsx'): boolean {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const visit = (node: ts.Node): boolean =>
    (ts.isCallExpression(node) && rootName(node.expression) === 'expect') ||
    ts.forEachChild(node, visit) === true;
  return visit(ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, kind));
}

describe('test files', () => {
  const files = testFiles();

  it("lists vitest's test files and the e2e journeys", () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'scripts/test-files.test.ts',
        'e2e/auth.spec.ts',
        'e2e/security/fuzzing.test.ts',
        'packages/contracts/src/course-rules.test.ts',
        'mfe-account/src/auth/AuthDialog.test.tsx',
      ]),
    );
    expect(files.length).toBeGreaterThan(150);
  });

  it('tells a file that asserts from one that only runs code', () => {
    expect(callsExpect("it('saves', async () => { await save(); });")).toBe(false);
    expect(callsExpect("// expect(saved).toBe(true)\n/* expect(x) */\nit('saves', () => save());")).toBe(
      false,
    );
    expect(callsExpect("const text = 'expect(nothing)';")).toBe(false);
    expect(callsExpect('expect(res.status).toBe(200);')).toBe(true);
    expect(callsExpect('await expect.poll(() => count()).toBe(2);')).toBe(true);
    expect(callsExpect('await expect(page.getByRole("button")).toBeVisible();')).toBe(true);
  });

  it('every test file has an expect', () => {
    const withoutExpect = files.filter(
      (file) => !callsExpect(readFileSync(path.join(ROOT, file), 'utf8'), file),
    );
    expect(withoutExpect).toEqual([]);
  });

  it('every vitest file that starts tracing runs in a process of its own (the tracing project)', () => {
    const startingTracing = files.filter(
      (file) =>
        /\.test\.tsx?$/.test(file) && /\bstartTelemetry\(/.test(readFileSync(path.join(ROOT, file), 'utf8')),
    );
    expect(startingTracing.length).toBeGreaterThan(0);
    expect([...TRACING_TEST_FILES].sort()).toEqual(startingTracing);
  });
});
