import { PREMIUM_REQUIRED_MESSAGE, type Identity } from '@catalyst/contracts';
import { forbidden, notFound, premiumCheck } from '@catalyst/service-kit';
import { cachedRead, type Deps } from './deps';
import { findProduct, toPublicProduct } from './products/products.repository';

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
      const includeHidden = identity.role === 'admin';
      const product = await cachedRead(deps, 'productDetail', [idOrSlug, includeHidden], () =>
        findProduct(deps.db, idOrSlug, { includeHidden }),
      );
      await requireOpen(deps, identity, product && toPublicProduct(product), requestId);
      if (!product) throw notFound('Product not found');
    },
  });
}

/**
 * The same refusal for one product: a free product opens for every signed-in caller, anything else (and a
 * product that is not there, so a refusal says nothing of what exists) needs the plan.
 */
export async function requireOpen(
  { entitlements }: Pick<Deps, 'entitlements'>,
  identity: Identity,
  product: { price: number | null } | undefined,
  requestId: string,
) {
  if (!(await entitlements.mayOpen(identity, product, requestId))) throw forbidden(PREMIUM_REQUIRED_MESSAGE);
}
