// What the royalty pool asks of its peers: paid seconds per product (progress) and each product's creator
// (content), and which creator a signed-in account is (content).
import { analyticsInternalRoutes, studioInternalRoutes } from '@catalyst/contracts';
import { createPeer, HttpError } from '@catalyst/service-kit';
import type { Deps } from '../deps';

/** content takes at most this many product ids in one call. */
const PRODUCT_IDS_PER_CALL = 5000;

export interface ProductSeconds {
  productId: string;
  paidSeconds: number;
}
export interface ProductCreator {
  productId: string;
  creatorId: string;
  creatorName: string;
  title: string;
}

export interface RoyaltySources {
  paidSeconds(from: string, to: string, requestId?: string): Promise<ProductSeconds[]>;
  productCreators(productIds: string[], requestId?: string): Promise<ProductCreator[]>;
  /** The creator an account is linked to; null when none. */
  creatorOfUser(userId: string, requestId?: string): Promise<string | null>;
}

export function royaltySources({ config }: Pick<Deps, 'config'>): RoyaltySources {
  const peer = (baseUrl: string) =>
    createPeer({ baseUrl, secret: config.INTERNAL_SECRET, timeoutMs: 10_000 });
  const progress = peer(config.PROGRESS_URL);
  const content = peer(config.CONTENT_URL);
  return {
    paidSeconds: (from, to, requestId) =>
      progress.call(analyticsInternalRoutes.paidSeconds, { query: { from, to } }, { requestId }),
    async productCreators(productIds, requestId) {
      const found: ProductCreator[] = [];
      for (let i = 0; i < productIds.length; i += PRODUCT_IDS_PER_CALL) {
        const body = { productIds: productIds.slice(i, i + PRODUCT_IDS_PER_CALL) };
        found.push(...(await content.call(studioInternalRoutes.productCreators, { body }, { requestId })));
      }
      return found;
    },
    async creatorOfUser(userId, requestId) {
      try {
        const found = await content.call(
          studioInternalRoutes.creatorOfUser,
          { params: { userId } },
          { requestId },
        );
        return found.creatorId;
      } catch (error) {
        if (error instanceof HttpError && error.status === 404) return null;
        throw error;
      }
    },
  };
}
