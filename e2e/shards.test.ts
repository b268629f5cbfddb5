import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SPEC_SECONDS, planShards, SPEC_SECONDS } from './shards';

const specs = readdirSync(path.dirname(fileURLToPath(import.meta.url))).filter((f) => f.endsWith('.spec.ts'));
const total = (files: string[]) =>
  files.reduce((sum, f) => sum + (SPEC_SECONDS[f] ?? DEFAULT_SPEC_SECONDS), 0);

describe('the browser shards', () => {
  it('runs every spec file exactly once, in shards of nearly equal measured length', () => {
    const [first, second] = planShards(specs, 2);
    expect([...first!, ...second!].sort()).toEqual([...specs].sort());
    // Within one file's length of each other (the best a deal of whole files can promise): 10 s today.
    expect(Math.abs(total(first!) - total(second!))).toBeLessThan(15);
  });

  it('deals a file nobody measured too, and more shards than files leaves some empty', () => {
    expect(planShards(['new.spec.ts', 'a11y.spec.ts'], 2)).toEqual([['a11y.spec.ts'], ['new.spec.ts']]);
    expect(planShards(['api-docs.spec.ts'], 3)).toEqual([['api-docs.spec.ts'], [], []]);
  });

  it('has a measured length for every spec file in e2e/', () => {
    expect(specs.filter((f) => SPEC_SECONDS[f] === undefined)).toEqual([]);
  });
});
