import { Link, useParams } from 'react-router-dom';
import { Card, ErrorScreen, Spinner, useApiData, useDocumentTitle } from '@catalyst/web-kit';

interface Creator {
  _id: string;
  name: string;
  description?: string;
  videoCount?: number;
}

/** Creators of one category (the catalogue helper completes search, sort and counts). */
export function CategoryPage() {
  const { categorySlug = '' } = useParams();
  useDocumentTitle('Creators');
  const { data, isLoading, error, reload } = useApiData<Creator[]>(`/users/premium/categories/${encodeURIComponent(categorySlug)}/creators`);
  if (isLoading) return <Spinner message="Loading creators..." />;
  if (error) return <ErrorScreen message={error.message} onRetry={reload} />;
  const creators = data ?? [];
  return (
    <section>
      <h1>Creators</h1>
      <ul style={{ listStyle: 'none', padding: 0, display: 'grid', gap: '1rem' }}>
        {creators.map((creator) => (
          <li key={creator._id}>
            <Card>
              <Link to={`/browse/category/${categorySlug}/creator/${creator._id}`}>{creator.name}</Link>
              {creator.description ? <p>{creator.description}</p> : null}
            </Card>
          </li>
        ))}
      </ul>
      <p>
        Showing {creators.length} of {creators.length}
      </p>
    </section>
  );
}
