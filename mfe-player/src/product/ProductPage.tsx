import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ErrorScreen, formatDuration, isPremiumRequired, Spinner, useDocumentTitle } from '@catalyst/web-kit';
import { useProduct } from './useProduct';

/** The product page (the player helper completes the custom player, progress and related content). */
export function ProductPage() {
  const { productSlug = '' } = useParams();
  const navigate = useNavigate();
  const { data: product, isLoading, error, reload } = useProduct(productSlug);
  useDocumentTitle(product?.title ?? 'Product');

  useEffect(() => {
    if (isPremiumRequired(error)) navigate('/subscription', { replace: true });
  }, [error, navigate]);

  if (isLoading) return <Spinner message="Loading..." />;
  if (error || !product) return <ErrorScreen message="Product not found or inaccessible." onRetry={reload} />;
  return (
    <article>
      <nav aria-label="Breadcrumb">
        <Link to="/browse">Browse</Link> › {product.title}
      </nav>
      <h1>{product.title}</h1>
      {product.videoUrl ? <video src={product.videoUrl} poster={product.thumbnail} controls style={{ width: '100%', borderRadius: 12 }} /> : null}
      <p>{formatDuration(product.duration)}</p>
      {product.description ? <p>{product.description}</p> : null}
    </article>
  );
}
