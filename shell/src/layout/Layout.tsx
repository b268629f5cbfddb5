import { useCallback, useEffect, useState } from 'react';
import { Outlet } from 'react-router-dom';
import {
  Banner,
  closeAuthDialog,
  Dialog,
  PageNotice,
  RemoteUnavailable,
  setAuthDialogView,
  Spinner,
  useAuthDialog,
  useLayoutShown,
  useStrings,
} from '@catalyst/web-kit';
import { shellStrings } from '../i18n/en';
import { RemoteModule } from '../federation/RemoteModule';
import { SHELL_WIDGETS, type ShellWidgetProps } from '../federation/widgets';
import { AppNotices } from '../pwa/AppNotices';
import { CookieBanner } from './CookieBanner';
import { Footer } from './Footer';
import { Header } from './Header';
import { PaymentBanner } from './PaymentBanner';
import { ScrollManager } from './ScrollManager';
import { SsoErrorBanner } from './SsoErrorBanner';
import styles from './Layout.module.css';

export const HEADER_BANNER_MS = 5000;

/** The account remote's dialog, loaded the first time someone opens it. */
function AuthDialogHost({ onError }: { onError: (message: string) => void }) {
  const dialog = useAuthDialog();
  const t = useStrings(shellStrings);
  // Once opened, the dialog stays loaded (and mounted) for the next opening.
  const [wanted, setWanted] = useState(dialog.open);
  if (dialog.open && !wanted) setWanted(true);
  if (!wanted) return null;
  const props: ShellWidgetProps['authDialog'] = {
    open: dialog.open,
    view: dialog.view,
    openCount: dialog.openCount,
    onViewChange: setAuthDialogView,
    onClose: closeAuthDialog,
    onError,
  };
  return (
    <RemoteModule
      {...SHELL_WIDGETS.authDialog}
      props={props as unknown as Record<string, unknown>}
      loading={null}
      renderError={(retry) => (
        <Dialog
          open={dialog.open}
          onClose={closeAuthDialog}
          title={t(dialog.view === 'login' ? 'layout.loginTitle' : 'layout.registerTitle')}
        >
          <RemoteUnavailable onRetry={retry} />
        </Dialog>
      )}
    />
  );
}

function SkipLink() {
  const t = useStrings(shellStrings);
  return (
    <a href="#main" className={styles.skip}>
      {t('layout.skip')}
    </a>
  );
}

/**
 * The layout with no page in it yet: the app's frame, the first paint of every page that needs data or
 * a session (first-paint.tsx). Its header is a kept session's being checked, and its page a spinner,
 * as the app itself shows them until it knows more; there is no footer, which the page would push down.
 */
export function LayoutFrame() {
  return (
    <div className={styles.app}>
      <SkipLink />
      <Header frame />
      <main id="main" className={styles.main}>
        <Spinner />
      </main>
    </div>
  );
}

export function Layout() {
  // with the spinners of the page below it, this says when the page's first content is on screen
  useLayoutShown();
  const [bannerError, setBannerError] = useState<string | null>(null);
  useEffect(() => {
    if (!bannerError) return;
    const timer = setTimeout(() => setBannerError(null), HEADER_BANNER_MS);
    return () => clearTimeout(timer);
  }, [bannerError]);
  const showError = useCallback((message: string) => setBannerError(message || null), []);

  return (
    <div className={styles.app}>
      <ScrollManager />
      <SkipLink />
      {bannerError ? (
        <Banner tone="danger" onDismiss={() => setBannerError(null)}>
          {bannerError}
        </Banner>
      ) : null}
      <AppNotices />
      <PaymentBanner />
      <SsoErrorBanner />
      <Header />
      <PageNotice />
      <main id="main" className={styles.main}>
        <Outlet />
      </main>
      <Footer />
      <CookieBanner />
      <AuthDialogHost onError={showError} />
    </div>
  );
}
