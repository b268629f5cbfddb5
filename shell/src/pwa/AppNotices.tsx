import { Banner, Button, useConnection } from '@catalyst/web-kit';
import { UPDATE_AVAILABLE, useAppState } from './appState';
import styles from './pwa.module.css';

export const OFFLINE_MESSAGE =
  "Offline — you're seeing what was last loaded. Changes are saved when the connection returns.";

/** The strips above the header: Offline while the server cannot be reached, and a waiting new version. */
export function AppNotices() {
  const { offline } = useConnection();
  const { applyUpdate } = useAppState();
  return (
    <>
      {offline ? (
        <div className={styles.offline} role="status" data-testid="offline-banner">
          {OFFLINE_MESSAGE}
        </div>
      ) : null}
      {applyUpdate ? (
        <Banner tone="info">
          <span className={styles.update}>
            {UPDATE_AVAILABLE.replace(' — Reload', '')} —{' '}
            <Button variant="primary" size="sm" onClick={applyUpdate}>
              Reload
            </Button>
          </span>
        </Banner>
      ) : null}
    </>
  );
}
