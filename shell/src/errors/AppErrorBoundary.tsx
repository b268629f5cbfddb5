import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, ErrorScreen, getSiteConfig } from '@catalyst/web-kit';
import styles from './AppErrorBoundary.module.css';
import { reportClientError } from './reportClientError';

interface Props {
  children: ReactNode;
  /** Where failures are sent; the gateway's client-errors endpoint unless a test says otherwise. */
  report?: (error: unknown, componentStack?: string | null) => unknown;
}

interface State {
  error: Error | null;
}

/** Last line of defence: an unexpected failure shows a recovery screen instead of a blank page, and is reported. */
export class AppErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('[shell] unexpected error', error, info.componentStack);
    void (this.props.report ?? reportClientError)(error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    const site = getSiteConfig();
    const support = site.supportEmail || site.contactEmail;
    return (
      <main className={styles.page}>
        <ErrorScreen
          title={<span className={styles.title}>Oops! Something went wrong</span>}
          message="We're sorry, an unexpected error stopped this page. Our team has been notified and is looking into it. You can try again, go back to the homepage or reload the page."
          onRetry={() => this.setState({ error: null })}
          retryLabel="Try Again"
        >
          <Button variant="secondary" onClick={() => window.location.assign('/')}>
            Go to Homepage
          </Button>
          <Button variant="secondary" onClick={() => window.location.reload()}>
            Reload Page
          </Button>
          {support ? (
            <p className={styles.support}>
              Still stuck? Write to us at{' '}
              <a href={`mailto:${support}?subject=${encodeURIComponent(`${site.name} error report`)}`}>
                {support}
              </a>
              .
            </p>
          ) : null}
        </ErrorScreen>
      </main>
    );
  }
}
