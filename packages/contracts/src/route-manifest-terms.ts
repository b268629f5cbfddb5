// What a remote publishes about its pages with each release (its routes.json, beside mf-manifest.json), and
// the rules a claim keeps. Zod-free: the shell's early entry reads the pages from /mf/remotes.json before
// React has loaded; the release check and the gateway parse the file with the schema in route-manifest.ts.

/** The file a remote's build writes beside its mf-manifest.json (packages/build-kit). */
export const ROUTES_FILE = 'routes.json';

/**
 * Who may see a page; the admin remote is never requested for anyone but an admin, or a creator for the
 * creator studio ('creator': creators and admins).
 */
export const PAGE_AUDIENCES = ['anyone', 'signed-in', 'creator', 'admin'] as const;
export type PageAudience = (typeof PAGE_AUDIENCES)[number];

/** A page (or a prefix of pages) a remote renders, as its release publishes it: plain data. */
export interface PublishedPage {
  /** In router form: lower case, one leading and one trailing slash ('/browse/'). */
  path: string;
  /** Whether the remote owns everything under `path` (it routes the rest itself), not `path` alone. */
  prefix: boolean;
  /** The exposed module that renders it ('./BrowseRoutes'). */
  module: string;
  audience: PageAudience;
  /** Paths (router form) under which the page shows data icons (a category's or creator's emoji). */
  dataIcons?: string[];
}

/** A release's routes.json. */
export interface RouteManifest {
  remote: string;
  pages: PublishedPage[];
}

/** A path in router form: '/', or lower-case segments each followed by a slash ('/browse/premium/'). */
export const ROUTER_PATH = /^\/(?:[a-z0-9][a-z0-9-]*\/)*$/;
/** An exposed module's name ('./LearningRecordPage'). */
export const EXPOSED_MODULE = /^\.\/[A-Za-z][A-Za-z0-9_-]*$/;
/** At most this many pages per remote (a remote with more routes them under a prefix of its own). */
export const MAX_PAGES = 40;

/**
 * The address space each remote may claim pages in: a page's path must be at or under one of these, and
 * the most specific prefix holding it must be its remote's (the player's product pages sit inside the
 * catalogue's /browse/). Which team owns which addresses is a platform decision, made here; a new top-level
 * page under a remote's own prefixes needs no one else's change.
 */
export const REMOTE_PATH_OWNERS: Readonly<Record<string, readonly string[]>> = {
  catalog: ['/browse/', '/search/', '/courses/', '/paths/', '/creators/'],
  player: ['/browse/premium/'],
  account: [
    '/account/',
    '/profile/',
    '/subscription/',
    '/verify-email/',
    '/reset-password/',
    '/unsubscribe/',
    '/certificates/',
    '/learning/',
    '/saved/',
    '/gift/',
    '/team/',
    // a creator invitation's link, accepted before the account is a creator's (inside the admin remote's studio)
    '/studio/join/',
  ],
  admin: ['/admin/', '/studio/'],
  community: ['/notifications/'],
};

/** The shell's own pages (shell/src/App.tsx): no remote may claim or cover them. */
export const SHELL_PATHS = [
  '/',
  '/about/',
  '/downloads/',
  '/pricing/',
  '/privacy-policy/',
  '/terms-and-conditions/',
] as const;

/** The remote whose most specific owned prefix holds `path` (router form), if any. */
export function ownerOf(path: string): string | undefined {
  let best: { remote: string; length: number } | undefined;
  for (const [remote, prefixes] of Object.entries(REMOTE_PATH_OWNERS))
    for (const prefix of prefixes)
      if (path.startsWith(prefix) && (!best || prefix.length > best.length))
        best = { remote, length: prefix.length };
  return best?.remote;
}

/**
 * Why `remote` may not publish `page`, or null when it may: the path must be in the address space the
 * remote owns (REMOTE_PATH_OWNERS), so it can never shadow another remote's pages, and neither be nor
 * cover one of the shell's own pages.
 */
export function claimProblem(remote: string, page: PublishedPage): string | null {
  const shell = SHELL_PATHS.find((path) => path === page.path || (page.prefix && path.startsWith(page.path)));
  if (shell) return `${remote} claims ${page.path}, which would cover the shell's own page ${shell}`;
  const owner = ownerOf(page.path);
  if (owner !== remote)
    return owner
      ? `${remote} claims ${page.path}, which is ${owner}'s (REMOTE_PATH_OWNERS)`
      : `${remote} claims ${page.path}, outside the paths it owns: ${(REMOTE_PATH_OWNERS[remote] ?? []).join(', ') || 'none'} (REMOTE_PATH_OWNERS)`;
  return null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A page as published, or null when `value` is not one (a plain check, for code that loads no zod). */
export function publishedPageOf(value: unknown): PublishedPage | null {
  if (!isRecord(value)) return null;
  const { path, prefix, module, audience, dataIcons } = value;
  if (typeof path !== 'string' || !ROUTER_PATH.test(path) || typeof prefix !== 'boolean') return null;
  if (typeof module !== 'string' || !EXPOSED_MODULE.test(module)) return null;
  if (!(PAGE_AUDIENCES as readonly unknown[]).includes(audience)) return null;
  if (
    dataIcons !== undefined &&
    !(
      Array.isArray(dataIcons) &&
      dataIcons.every((each) => typeof each === 'string' && ROUTER_PATH.test(each))
    )
  )
    return null;
  return {
    path,
    prefix,
    module,
    audience: audience as PageAudience,
    ...(dataIcons ? { dataIcons: dataIcons as string[] } : {}),
  };
}

/**
 * The pages of one remote that are well formed and its own to claim (anything else is left out): what a
 * browser mounts of an answer it did not check itself (the kept copy in localStorage, an old gateway).
 */
export function claimablePages(remote: string, pages: unknown): PublishedPage[] {
  if (!Array.isArray(pages)) return [];
  return pages
    .slice(0, MAX_PAGES)
    .map(publishedPageOf)
    .filter((page): page is PublishedPage => page !== null && claimProblem(remote, page) === null);
}
