import { describe, expect, it } from 'vitest';
import { claimablePages, ownerOf, routeManifestProblems } from './route-manifest';

const page = (path: string, extra: Record<string, unknown> = {}) => ({
  path,
  prefix: false,
  module: './AccountPage',
  audience: 'signed-in',
  ...extra,
});

describe("a remote's routes.json", () => {
  it('may claim pages under the prefixes its remote owns', () => {
    expect(
      routeManifestProblems('account', { remote: 'account', pages: [page('/account/'), page('/learning/')] }),
    ).toEqual([]);
    expect(ownerOf('/browse/premium/product/')).toBe('player');
    expect(ownerOf('/browse/category/')).toBe('catalog');
  });

  it("is refused when a page is another remote's, the shell's, or outside what its remote owns", () => {
    expect(routeManifestProblems('account', { remote: 'account', pages: [page('/admin/users/')] })).toEqual([
      "account claims /admin/users/, which is admin's (REMOTE_PATH_OWNERS)",
    ]);
    // the catalogue owns /browse/, but not the player's product pages inside it
    expect(
      routeManifestProblems('catalog', {
        remote: 'catalog',
        pages: [page('/browse/premium/', { prefix: true })],
      }),
    ).toEqual(["catalog claims /browse/premium/, which is player's (REMOTE_PATH_OWNERS)"]);
    expect(routeManifestProblems('account', { remote: 'account', pages: [page('/pricing/')] })).toEqual([
      "account claims /pricing/, which would cover the shell's own page /pricing/",
    ]);
    expect(
      routeManifestProblems('account', { remote: 'account', pages: [page('/', { prefix: true })] }),
    ).toEqual(["account claims /, which would cover the shell's own page /"]);
    expect(routeManifestProblems('community', { remote: 'community', pages: [page('/talk/')] })).toEqual([
      'community claims /talk/, outside the paths it owns: /notifications/ (REMOTE_PATH_OWNERS)',
    ]);
  });

  it('is refused when it is not well formed, names another remote or lists a path twice', () => {
    expect(routeManifestProblems('account', { remote: 'account', pages: [page('/Account')] })).toEqual([
      "routes.json[pages][0][path]: a path in router form: lower case, one leading and one trailing slash ('/browse/')",
    ]);
    expect(
      routeManifestProblems('account', {
        remote: 'account',
        pages: [page('/account/', { module: '../../steal', onLoad: 'x' })],
      }),
    ).toEqual([
      "routes.json[pages][0][module]: an exposed module's name ('./ProfilePage')",
      'routes.json[pages][0]: Unrecognized key: "onLoad"',
    ]);
    expect(routeManifestProblems('account', { remote: 'catalog', pages: [] })).toEqual([
      'routes.json is remote "catalog", not "account"',
    ]);
    expect(
      routeManifestProblems('account', { remote: 'account', pages: [page('/account/'), page('/account/')] }),
    ).toEqual(['account lists /account/ twice']);
  });
});

describe('claimablePages (what a browser mounts of an answer it did not check)', () => {
  it("keeps a remote's well-formed pages that are its own and drops the rest", () => {
    expect(
      claimablePages('account', [
        page('/account/'),
        page('/admin/'),
        page('/about/'),
        { ...page('/learning/'), audience: 'everyone' },
        'junk',
      ]),
    ).toEqual([page('/account/')]);
    expect(claimablePages('account', { pages: [] })).toEqual([]);
  });
});
