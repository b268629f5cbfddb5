import { useState } from 'react';
import type { DigestSettings } from '@catalyst/contracts';
import { Alert, api, useApiData, useStrings } from '@catalyst/web-kit';
import { communityStrings } from '../i18n/en';
import styles from './Notifications.module.css';

/** The settings page's weekly e-mail switch: saved as soon as it changes. */
export default function WeeklyDigestSetting() {
  const t = useStrings(communityStrings);
  const loaded = useApiData(api.digest.settings);
  const [changed, setChanged] = useState<DigestSettings | null>(null);
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | { problem: string }>('idle');
  const settings = changed ?? loaded.data ?? null;

  async function choose(weekly: boolean) {
    setState('saving');
    try {
      setChanged(await api.digest.saveSettings({ body: { weekly } }));
      setState('saved');
    } catch (error) {
      setState({ problem: t('digest.saveFailed', { message: (error as Error).message }) });
    }
  }

  if (loaded.error && !settings) return <Alert tone="warning">{t('digest.loadFailed')}</Alert>;
  if (!settings) return null;
  return (
    <section className={styles.digest} aria-labelledby="weekly-digest-heading">
      <h2 id="weekly-digest-heading">{t('digest.heading')}</h2>
      <label>
        <input
          type="checkbox"
          checked={settings.weekly}
          disabled={state === 'saving'}
          onChange={(event) => void choose(event.target.checked)}
        />{' '}
        {t('digest.label')}
      </label>
      <p className={styles.meta}>{t('digest.detail', { timeZone: settings.timeZone })}</p>
      <p aria-live="polite" className={typeof state === 'object' ? styles.problem : styles.meta}>
        {state === 'saved'
          ? settings.weekly
            ? t('digest.on')
            : t('digest.off')
          : typeof state === 'object'
            ? state.problem
            : ''}
      </p>
    </section>
  );
}
