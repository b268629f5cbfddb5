import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { kitStrings } from '../i18n/en';
import { useStrings } from '../i18n/strings';
import { Spinner } from './Spinner';

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
    const t = useStrings(kitStrings);
    return (
      <Suspense fallback={<Spinner message={t('page.loading')} />}>
        <Page />
      </Suspense>
    );
  };
}
