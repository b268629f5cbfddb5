import type { QueryValue } from './client';

/**
 * The first API read of the pages whose remote the shell preloads, named once: the remote's page
 * reads it, and the shell prefetches it beside the remote's code (shell/src/federation/preload.ts),
 * so the page finds its data in flight instead of asking only once its code has run.
 */
export interface RouteRead {
  path: string;
  query?: Record<string, QueryValue>;
  /** Made only with a session (premium content): without one the page asks the visitor to sign in. */
  signedIn?: boolean;
  /** Images the page shows first (its LCP), found in the answer: hinted as soon as the answer is in. */
  images?: (data: unknown) => Array<string | null | undefined>;
}

/** Every page of a signed-in visitor: the plan (the subscription store reads it once the session is known). */
export const SUBSCRIPTION_STATUS_READ: RouteRead = { path: '/subscription/status', signedIn: true };

/** /browse: every public category (the page searches them in the browser). */
export const CATEGORY_LIST_READ: RouteRead = { path: '/categories', query: { limit: 100 } };

/** /browse/premium/product/:idOrSlug */
export const productDetailRead = (idOrSlug: string): RouteRead => ({
  path: `/content/premium/products/${encodeURIComponent(idOrSlug)}`,
  signedIn: true,
  // The video's poster is the product page's largest paint.
  images: (data) => [(data as { thumbnail?: string | null } | undefined)?.thumbnail],
});

/** /admin */
export const ADMIN_STATS_READ: RouteRead = { path: '/admin/stats', signedIn: true };
