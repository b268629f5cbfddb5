import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { PageLoading } from './Spinner';

/**
 * A page in its own chunk, downloaded the first time it renders. A failed download (network, a new
 * deployment) throws to the error fallback; rendering again after that really retries the download.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): ComponentType {
  let current: LazyExoticComponent<ComponentType>;
  const create = () => {
    current = lazy(() =>
      load().catch((error: unknown) => {
        create();
        throw error;
      }),
    );
  };
  create();
  return function LazyPage() {
    const Page = current;
    return (
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    );
  };
}
