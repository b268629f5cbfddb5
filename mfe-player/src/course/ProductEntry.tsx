import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import {
  api,
  ErrorScreen,
  isApiRequestError,
  NotFound,
  readSessionToken,
  RequireAuth,
  Spinner,
  useApiData,
  useStrings,
} from '@catalyst/web-kit';
import { playerStrings } from '../i18n/en';
import { OfflineCopyPage } from '../product/OfflineCopyPage';
import { notReached, ProductPage } from '../product/ProductPage';
import { CoursePage } from './CoursePage';

/** `lesson/<id>` after the product's key, or '' for the product itself; anything else is no page. */
const LESSON_ADDRESS = /^lesson\/([^/]+)\/?$/;

/**
 * /browse/premium/product/{key} and …/{key}/lesson/{lessonId}: first learns whether the product has a
 * curriculum (the public outline, read beside the product). A course opens to everyone (its free previews
 * play for visitors); a single-video product keeps its page exactly as it was: signed in, then the product page.
 */
export function ProductEntry() {
  const t = useStrings(playerStrings);
  const { productSlug = '', '*': rest = '' } = useParams();
  const lessonMatch = LESSON_ADDRESS.exec(rest);
  const known = !!productSlug && (rest === '' || !!lessonMatch);
  const outline = useApiData(api.curriculum.outline, known ? { params: { idOrSlug: productSlug } } : null);

  // The product read starts beside the outline (the page that follows takes its answer).
  useEffect(() => {
    if (!known) return;
    const input = { params: { idOrSlug: productSlug } };
    void (readSessionToken() ? api.product.getPremium.prefetch(input) : api.product.get.prefetch(input));
  }, [productSlug, known]);

  if (!known) return <NotFound message={t('product.notFound')} />;
  if (outline.isLoading) return <Spinner message={t('common.loading')} />;
  if (outline.data && outline.data.sections.length > 0) {
    // a new course starts afresh (its player, progress and curriculum)
    return (
      <CoursePage
        key={outline.data.productId}
        productKey={productSlug}
        outline={outline.data}
        lessonId={lessonMatch?.[1] ?? null}
      />
    );
  }
  const missing = isApiRequestError(outline.error) && outline.error.status === 404;
  // Offline with nothing kept for the page: its copy saved for offline watching (or "Not available offline").
  if (notReached(outline.error))
    return <OfflineCopyPage productKey={productSlug} lessonId={lessonMatch?.[1] ?? null} />;
  if (outline.error && !missing)
    return <ErrorScreen message={t('product.notFound')} onRetry={outline.reload} />;
  // No product anyone may list has this address: a visitor is told so, not asked to sign in for nothing. With
  // a session the product page asks (an admin may open a product that is not listed).
  if (missing && !readSessionToken()) return <NotFound message={t('product.notFound')} />;
  if (lessonMatch) return <NotFound message={t('course.lessonNotFound')} />;
  return (
    // Signed in is enough here: the server opens a free product to everyone and refuses the rest (ProductPage).
    <RequireAuth>
      <ProductPage />
    </RequireAuth>
  );
}
