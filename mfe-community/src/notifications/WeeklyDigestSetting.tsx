import { useState } from 'react';
import { DIGEST_TEXTS, type DigestSettings } from '@catalyst/contracts';
import { Alert, api, useApiData } from '@catalyst/web-kit';
import styles from './Notifications.module.css';

/** The settings page's weekly e-mail switch: saved as soon as it changes. */
export default function WeeklyDigestSetting() {
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
      setState({ problem: `We couldn't save the weekly e-mail setting: ${(error as Error).message}` });
    }
  }

  if (loaded.error && !settings)
    return (
      <Alert tone="warning">
        We couldn&apos;t load your weekly e-mail setting. Reload the page to try again.
      </Alert>
    );
  if (!settings) return null;
  return (
    <section className={styles.digest} aria-labelledby="weekly-digest-heading">
      <h2 id="weekly-digest-heading">{DIGEST_TEXTS.heading}</h2>
      <label>
        <input
          type="checkbox"
          checked={settings.weekly}
          disabled={state === 'saving'}
          onChange={(event) => void choose(event.target.checked)}
        />{' '}
        {DIGEST_TEXTS.label}
      </label>
      <p className={styles.meta}>{DIGEST_TEXTS.detail(settings.timeZone)}</p>
      <p aria-live="polite" className={typeof state === 'object' ? styles.problem : styles.meta}>
        {state === 'saved'
          ? settings.weekly
            ? 'Weekly e-mail on.'
            : 'Weekly e-mail off.'
          : typeof state === 'object'
            ? state.problem
            : ''}
      </p>
    </section>
  );
}
