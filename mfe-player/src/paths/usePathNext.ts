import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { itemAfter, type PathItem } from '@catalyst/contracts';
import { PATH_CONTEXT_PARAM } from '@catalyst/contracts/search-terms';
import { api, pathItemPath, useApiData, useSession } from '@catalyst/web-kit';

/** This tab's memory of the path each product was opened from (a course's lesson addresses drop the query). */
const CONTEXT_PREFIX = 'catalyst.pathContext.';

function remembered(productId: string): string | null {
  try {
    return sessionStorage.getItem(CONTEXT_PREFIX + productId);
  } catch {
    return null;
  }
}

/**
 * The learning path a product plays in: the one its address names (`?path=<slug>`, from the path's page or
 * the dashboard's Your path), kept for the tab while the learner moves between its lessons.
 */
function usePathContext(productId: string): string | null {
  const asked = useSearchParams()[0].get(PATH_CONTEXT_PARAM);
  useEffect(() => {
    if (!asked) return;
    try {
      sessionStorage.setItem(CONTEXT_PREFIX + productId, asked);
    } catch {
      // not kept: Up next still follows the path while the address names it
    }
  }, [asked, productId]);
  return asked ?? remembered(productId);
}

/** The path's item after the one that just ended, and where Play now takes the learner. */
export interface PathNext {
  item: PathItem;
  pathTitle: string;
  to: string;
}

/** A product's place in a learning path, for its player. */
export interface PathStanding {
  /** The address (or this tab, earlier) named the path: the player shows its Autoplay switch. */
  named: boolean;
  /** Undefined while it is being found, null when there is none (no path, the last item, or unreadable). */
  next: PathNext | null | undefined;
}

/**
 * What follows a product in a learning path once its video (or a course's last lesson) has ended: the path's
 * next item, from the path the address named, else from the first followed path that holds the product.
 * Asked only when `wanted` (the end), so a page that is watched but not finished sends nothing more.
 */
export function usePathNext(productId: string, wanted: boolean): PathStanding {
  const context = usePathContext(productId);
  const { isAuthenticated } = useSession();
  const followed = useApiData(
    api.pathProgress.followed,
    wanted && !context && isAuthenticated ? undefined : null,
  );
  const slug = context ?? followed.data?.find((one) => one.productIds.includes(productId))?.path.slug ?? null;
  const path = useApiData(api.path.get, wanted && slug ? { params: { idOrSlug: slug } } : null);
  return { named: context !== null, next: wanted ? nextOf() : undefined };

  function nextOf(): PathNext | null | undefined {
    if (!context) {
      if (!isAuthenticated || followed.error) return null;
      if (followed.isLoading || !followed.data) return undefined;
    }
    if (!slug || path.error) return null;
    if (path.isLoading || !path.data) return undefined;
    const item = itemAfter(path.data.items, productId);
    return item ? { item, pathTitle: path.data.title, to: pathItemPath(item, path.data.slug) } : null;
  }
}
