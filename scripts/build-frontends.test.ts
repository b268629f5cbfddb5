import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildInputs, FRONTEND_APPS, sourceHash } from './build-frontends';

const app = (name: string) => FRONTEND_APPS.find((candidate) => candidate.name === name)!;

describe('when a front-end build is stale', () => {
  it("rebuilds the shell's first paint for another site config, and nothing else for it", () => {
    const env = { SITE_NAME: 'Catalyst' };
    expect(sourceHash(app('shell'), env)).toBe(sourceHash(app('shell'), { ...env }));
    expect(sourceHash(app('shell'), { SITE_NAME: 'Acme Learning' })).not.toBe(sourceHash(app('shell'), env));
    expect(sourceHash(app('shell'), { ...env, CONTACT_EMAIL: 'team@acme.example' })).not.toBe(sourceHash(app('shell'), env));
    // A remote has no first paint: the site config is not among its inputs.
    expect(sourceHash(app('catalog'), { SITE_NAME: 'Acme Learning' })).toBe(sourceHash(app('catalog'), env));
  });

  it("rebuilds the shell when a remote's route table changes (the shell is built with every remote's table)", () => {
    const tables = ['mfe-account', 'mfe-admin', 'mfe-catalog', 'mfe-player'].map((dir) => `${dir}/src/shell-routes.ts`);
    for (const table of tables) expect(existsSync(path.join(import.meta.dirname, '..', table))).toBe(true);
    expect(buildInputs(app('shell'))).toEqual(expect.arrayContaining(tables));
    // a remote reads its own table (in its src) and no other's
    expect(buildInputs(app('catalog')).filter((input) => input.endsWith('shell-routes.ts'))).toEqual([]);
  });
});
