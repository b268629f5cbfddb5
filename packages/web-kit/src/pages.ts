// Types and one plain helper: each remote's route table (its `src/shell-routes.ts`). Its build publishes the
// pages as data (routes.json, beside mf-manifest.json: path, prefix, module, audience, data icons), which the
// shell mounts at run time; the first reads (functions) are hints the shell's preloader takes at build time.
import type { PageAudience } from '@catalyst/contracts/route-manifest-terms';
import type { Endpoints } from './api/endpoints';

/** Who may see a page's remote; the admin remote is never requested for anyone but an admin. */
export type RemoteAudience = PageAudience;

/** A read a page starts with, named by its declared endpoint, so the shell can start it beside the page's code. */
export type FirstRead = {
  [G in keyof Endpoints]: {
    [N in keyof Endpoints[G]]: {
      endpoint: [G, N];
      input?: Endpoints[G][N] extends { url(...args: infer A): string } ? A[0] : never;
      /** Made only with a session (premium content): without one the page asks the visitor to sign in. */
      signedIn?: boolean;
      /** Images the page shows first (its LCP), found in the answer: hinted as soon as the answer is in. */
      images?: (data: unknown) => Array<string | null | undefined>;
      /**
       * Reads that need this answer (an id in it), started as soon as it is in, by the same rules (a read
       * already started for the same address is not started again). Not called when the read failed.
       */
      then?: (data: unknown) => FirstRead[];
    };
  }[keyof Endpoints[G]];
}[keyof Endpoints];

/** A page (or a prefix of pages) a remote renders. */
export interface RemotePage {
  /** In router form: lower case, one leading and one trailing slash ('/browse/'). */
  path: string;
  /** Whether the remote owns everything under `path` (it routes the rest itself), not `path` alone. */
  prefix: boolean;
  /** The exposed module that renders it ('./BrowseRoutes'). */
  module: string;
  audience: RemoteAudience;
  /**
   * The reads the page at `pathname` starts with (the remote's page makes the same ones); `search` is the
   * address's query string ('' or '?…'), for a page whose reads follow it.
   */
  firstReads?: (pathname: string, search?: string) => FirstRead[];
  /**
   * Paths (router form) under which the page shows data icons (DataIcon: a category's or creator's emoji).
   * The shell's early entry then finds out whether emoji can be drawn before the first render; any other
   * page never pays for that probe.
   */
  dataIcons?: string[];
}

/** What a remote tells the shell about its pages. */
export interface RemoteRouteTable {
  /** The remote's name in /mf/remotes.json. */
  remote: string;
  pages: readonly RemotePage[];
}

/**
 * The decoded segments of `pathname` after `prefix` (a trailing slash ignored), as a router's params
 * hold them; null for a malformed address (bad percent-encoding), which the page itself reports.
 */
export function pathSegmentsAfter(pathname: string, prefix: string): string[] | null {
  try {
    return pathname.replace(/\/+$/, '').slice(prefix.length).split('/').map(decodeURIComponent);
  } catch {
    return null;
  }
}
