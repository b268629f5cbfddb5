import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, ErrorScreen, getSiteConfig } from '@catalyst/web-kit';

interface State {
  error: Error | null;
}

/** Last line of defence: an unexpected failure shows a recovery screen instead of a blank page. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('[shell] unexpected error', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    const site = getSiteConfig();
    const support = site.supportEmail || site.contactEmail;
    return (
      <ErrorScreen
        title="Oops! Something went wrong"
        message="We're sorry, an unexpected error occurred. Our team has been notified and is looking into it."
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
          <p style={{ width: '100%', margin: 0 }}>
            Still stuck? <a href={`mailto:${support}`}>Contact support</a>
          </p>
        ) : null}
      </ErrorScreen>
    );
  }
}
