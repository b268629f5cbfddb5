import { Banner, Button, useStrings } from '@catalyst/web-kit';
import { noticeStrings } from '../i18n/notices/en';
import styles from './pwa.module.css';

/** Offline while the server cannot be reached (the header says it too: 'Offline · Lena'). */
export function OfflineStrip() {
  const t = useStrings(noticeStrings);
  return (
    <div className={styles.offline} role="status" data-testid="offline-banner">
      {t('offline.message')}
    </div>
  );
}

/** A new version is installed and waiting: Reload switches to it. */
export function UpdateStrip({ applyUpdate }: { applyUpdate: () => void }) {
  const t = useStrings(noticeStrings);
  return (
    <Banner tone="info">
      <span className={styles.update}>
        {t('update.available')} —{' '}
        <Button variant="primary" size="sm" onClick={applyUpdate}>
          {t('update.reload')}
        </Button>
      </span>
    </Banner>
  );
}
