import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, ErrorScreen, getSiteConfig, withPart } from '@catalyst/web-kit';
import { shellStrings } from '../i18n/en';
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
    // a class component reads the texts directly: it renders only after a failure, in the page's language then
    const { t } = shellStrings;
    return (
      <main className={styles.page}>
        <ErrorScreen
          title={<span className={styles.title}>{t('error.title')}</span>}
          message={t('error.message')}
          onRetry={() => this.setState({ error: null })}
          retryLabel={t('error.tryAgain')}
        >
          <Button variant="secondary" onClick={() => window.location.assign('/')}>
            {t('error.home')}
          </Button>
          <Button variant="secondary" onClick={() => window.location.reload()}>
            {t('error.reload')}
          </Button>
          {support ? (
            <p className={styles.support}>
              {withPart(
                t('error.support'),
                'email',
                <a
                  href={`mailto:${support}?subject=${encodeURIComponent(t('error.reportSubject', { site: site.name }))}`}
                >
                  {support}
                </a>,
              )}
            </p>
          ) : null}
        </ErrorScreen>
      </main>
    );
  }
}
