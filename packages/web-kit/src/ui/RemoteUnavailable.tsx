import { Component, type ErrorInfo, type ReactNode } from 'react';
import { kitStrings } from '../i18n/en';
import { useStrings } from '../i18n/strings';
import { ErrorScreen } from './ErrorScreen';

/**
 * The contained fallback of a part of a page that another remote renders and that did not load (the shell's
 * areas, a community section inside the player): the rest of the page goes on, and Retry loads it again.
 */
export function RemoteUnavailable({ onRetry }: { onRetry: () => void }) {
  const t = useStrings(kitStrings);
  return <ErrorScreen title={t('remote.title')} message={t('remote.message')} onRetry={onRetry} />;
}

export interface RemoteBoundaryProps {
  /** What shows instead of the failed part (typically RemoteUnavailable with a Retry). */
  fallback: (error: Error) => ReactNode;
  /** Names the part in the console's report ('[shell] remote area', '[player] community section'). */
  label: string;
  children: ReactNode;
}

/** Keeps a remote part's failure (loading or rendering) inside its own area; give it a new `key` to try again. */
export class RemoteBoundary extends Component<RemoteBoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`${this.props.label} failed`, error, info.componentStack);
  }

  override render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}
