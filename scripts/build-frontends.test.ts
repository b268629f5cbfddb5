import { describe, expect, it } from 'vitest';
import { FRONTEND_APPS, sourceHash } from './build-frontends';

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
});
