import { PREMIUM_REQUIRED_MESSAGE, type Identity } from '@catalyst/contracts';
import { forbidden, notFound, ownItem, premiumCheck } from '@catalyst/service-kit';
import { cachedRead, type Deps } from './deps';
import { findProduct, toPublicProduct, type ProductRecord } from './products/products.repository';

/**
 * Content's premium routes (architecture rule 3), through service-kit's one premium check: 401 anonymous (before
 * it), 403 without an active plan, admins always pass. The product page names its product (`params.idOrSlug`):
 * a free one (priced 0) opens to every signed-in caller, any other (and one that is not there, so a refusal says
 * nothing of what exists) needs the plan; then a product that is not there (or a draft, but for admins) is a 404.
 */
export function contentPremiumCheck(deps: Pick<Deps, 'entitlements' | 'db' | 'catalog'>) {
  return premiumCheck({
    entitlements: deps.entitlements,
    async open(identity, idOrSlug, _lessonId, requestId) {
      const product = await findShownProduct(deps, identity, idOrSlug);
      await requireOpen(deps, identity, product && toPublicProduct(product), requestId);
      if (!product) throw notFound('Product not found');
    },
  });
}

/**
 * The product (slug, productId or _id) as this caller may see it: listed (published and active) for everyone,
 * any for admins, and a creator account's own creator's drafts too (ownItem); undefined otherwise.
 */
export async function findShownProduct(
  deps: Pick<Deps, 'db' | 'catalog'>,
  identity: Identity,
  idOrSlug: string,
): Promise<ProductRecord | undefined> {
  const includeHidden = identity.role === 'admin' || identity.creatorId !== undefined;
  const found = await cachedRead(deps, 'productDetail', [idOrSlug, includeHidden], () =>
    findProduct(deps.db, idOrSlug, { includeHidden }),
  );
  if (!found || found.listed || identity.role === 'admin') return found;
  return ownItem(identity, { creatorId: found.creator_id }) ? found : undefined;
}

/**
 * The same refusal for one product: a free product opens for every signed-in caller, anything else (and a
 * product that is not there, so a refusal says nothing of what exists) needs the plan.
 */
export async function requireOpen(
  { entitlements }: Pick<Deps, 'entitlements'>,
  identity: Identity,
  product: { price: number | null; creatorId?: string } | undefined,
  requestId: string,
) {
  if (!(await entitlements.mayOpen(identity, product, requestId))) throw forbidden(PREMIUM_REQUIRED_MESSAGE);
}
