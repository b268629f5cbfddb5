import { Link, useParams } from 'react-router-dom';
import { Card, ErrorScreen, formatDuration, Spinner, useApiData, useDocumentTitle } from '@catalyst/web-kit';

interface ProductSummary {
  _id: string;
  productId?: string;
  title: string;
  duration?: number;
}

/** A creator's products in one category (the catalogue helper completes filters, sorting and views). */
export function CreatorLibraryPage() {
  const { categorySlug = '', creatorId = '' } = useParams();
  useDocumentTitle('Library');
  const { data, isLoading, error, reload } = useApiData<ProductSummary[]>(
    `/users/premium/products/${encodeURIComponent(creatorId)}/category/${encodeURIComponent(categorySlug)}`,
  );
  if (isLoading) return <Spinner message="Loading products..." />;
  if (error) return <ErrorScreen message={`Failed to load products: ${error.message}`} onRetry={reload} />;
  return (
    <section>
      <Link to={`/browse/category/${categorySlug}`}>← Back</Link>
      <h1>Library</h1>
      <ul style={{ listStyle: 'none', padding: 0, display: 'grid', gap: '1rem' }}>
        {(data ?? []).map((product) => (
          <li key={product._id}>
            <Card>
              <Link to={`/browse/premium/product/${product._id}`}>{product.title}</Link> {formatDuration(product.duration)}
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
