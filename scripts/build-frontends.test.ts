import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildInputs, FRONTEND_APPS, missingInBuiltShell, sourceHash } from './build-frontends';
import { SHELL_SHARED_FILE, webKitExports } from './release/contract-checks';

const app = (name: string) => FRONTEND_APPS.find((candidate) => candidate.name === name)!;

describe('when a front-end build is stale', () => {
  it("rebuilds the shell's first paint for another site config, and nothing else for it", () => {
    const env = { SITE_NAME: 'Catalyst' };
    expect(sourceHash(app('shell'), env)).toBe(sourceHash(app('shell'), { ...env }));
    expect(sourceHash(app('shell'), { SITE_NAME: 'Acme Learning' })).not.toBe(sourceHash(app('shell'), env));
    expect(sourceHash(app('shell'), { ...env, CONTACT_EMAIL: 'team@acme.example' })).not.toBe(
      sourceHash(app('shell'), env),
    );
    // A remote has no first paint: the site config is not among its inputs.
    expect(sourceHash(app('catalog'), { SITE_NAME: 'Acme Learning' })).toBe(sourceHash(app('catalog'), env));
  });

  it("rebuilds the shell when a remote's route table changes (the shell is built with every remote's table)", () => {
    const tables = ['mfe-account', 'mfe-admin', 'mfe-catalog', 'mfe-player'].map(
      (dir) => `${dir}/src/shell-routes.ts`,
    );
    for (const table of tables) expect(existsSync(path.join(import.meta.dirname, '..', table))).toBe(true);
    expect(buildInputs(app('shell'))).toEqual(expect.arrayContaining(tables));
    // a remote reads its own table (in its src) and no other's
    expect(buildInputs(app('catalog')).filter((input) => input.endsWith('shell-routes.ts'))).toEqual([]);
  });
});

describe('a remote built alone', () => {
  it("names what it takes from web-kit that the built shell's copy (the one on the page) lacks", () => {
    const shellDist = mkdtempSync(path.join(os.tmpdir(), 'catalyst-shell-dist-'));
    try {
      // a shell built before web-kit gained KeptRoom
      const exports = webKitExports().filter((name) => name !== 'KeptRoom');
      writeFileSync(
        path.join(shellDist, SHELL_SHARED_FILE),
        JSON.stringify({ '@catalyst/web-kit': { version: '0.1.0', requiredVersion: '^0.1.0', exports } }),
      );
      expect(missingInBuiltShell(app('account'), shellDist)).toEqual(['KeptRoom']);
      expect(missingInBuiltShell(app('catalog'), shellDist)).toEqual([]);
      expect(missingInBuiltShell(app('shell'), shellDist)).toEqual([]);
      // a shell build that recorded no exports is not judged
      rmSync(path.join(shellDist, SHELL_SHARED_FILE));
      expect(missingInBuiltShell(app('account'), shellDist)).toEqual([]);
    } finally {
      rmSync(shellDist, { recursive: true, force: true });
    }
  });
});
