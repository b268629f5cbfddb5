import {
  lazy,
  Suspense,
  useCallback,
  useState,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { RemoteBoundary, RemoteUnavailable, Spinner } from '@catalyst/web-kit';
import { reportClientError } from '../errors/reportClientError';
import { failedReleaseOf, loadRemoteModule, resetRemote } from './remotes';

type AnyProps = Record<string, unknown>;

const lazyCache = new Map<string, LazyExoticComponent<ComponentType<AnyProps>>>();
/** How many times each remote has been retried; a new attempt means a new lazy component. */
const attempts = new Map<string, number>();

export class RemoteLoadError extends Error {
  constructor(
    readonly remoteId: string,
    cause?: unknown,
  ) {
    super(`Remote module ${remoteId} could not be loaded`, { cause });
    this.name = 'RemoteLoadError';
  }
}

/** A remote that did not load is reported with the release it was, so a bad release shows on /admin/releases. */
function reported(error: RemoteLoadError, remote: string): RemoteLoadError {
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  void reportClientError(new Error(`${error.message}${cause}`), null, failedReleaseOf(remote));
  return error;
}

function lazyRemote(remote: string, module: string, attempt: number) {
  const id = `${remote}/${module.replace(/^\.\//, '')}`;
  const key = `${id}#${attempt}`;
  let component = lazyCache.get(key);
  if (!component) {
    component = lazy(async () => {
      let loaded: { default?: ComponentType<AnyProps> } | null | undefined;
      try {
        loaded = await loadRemoteModule<{ default?: ComponentType<AnyProps> }>(id);
      } catch (error) {
        throw reported(new RemoteLoadError(id, error), remote);
      }
      if (!loaded?.default) throw reported(new RemoteLoadError(id), remote);
      return { default: loaded.default };
    });
    lazyCache.set(key, component);
  }
  return component;
}

export interface RemoteModuleProps {
  /** Remote name from /mf/remotes.json ('catalog', 'player', 'account', 'admin'). */
  remote: string;
  /** Exposed module, e.g. './BrowseRoutes'. */
  module: string;
  props?: AnyProps;
  /** Shown while the remote's code loads: a spinner when not given; `null` shows nothing. */
  loading?: ReactNode;
  /** Replaces the default contained fallback. */
  renderError?: (retry: () => void, error: Error) => ReactNode;
}

/** Renders a remote's exposed component; a failure stays inside this area and can be retried. */
export function RemoteModule({ remote, module, props, loading, renderError }: RemoteModuleProps) {
  const [attempt, setAttempt] = useState(() => attempts.get(remote) ?? 0);
  const [retrying, setRetrying] = useState(false);
  const Loaded = lazyRemote(remote, module, attempt);
  // `??` would put the spinner in place of a `null` asked for: a widget that draws its own loading state
  const waiting = loading === undefined ? <Spinner /> : loading;

  const retry = useCallback(() => {
    setRetrying(true);
    void resetRemote(remote).finally(() => {
      const next = (attempts.get(remote) ?? 0) + 1;
      attempts.set(remote, next);
      setRetrying(false);
      setAttempt(next);
    });
  }, [remote]);

  if (retrying) return <>{waiting}</>;
  return (
    <RemoteBoundary
      key={attempt}
      label="[shell] remote area"
      fallback={(error) => (renderError ? renderError(retry, error) : <RemoteUnavailable onRetry={retry} />)}
    >
      <Suspense fallback={waiting}>
        {/* eslint-disable-next-line react-hooks/static-components -- a remote's component is known only at run time; lazyRemote caches one per remote, module and attempt */}
        <Loaded {...props} />
      </Suspense>
    </RemoteBoundary>
  );
}
