import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  NOTIFICATION_TYPE_LABELS,
  NOTIFICATIONS_PATH,
  type NotificationPreference,
  type NotificationPreferences,
} from '@catalyst/contracts';
import {
  Alert,
  api,
  Button,
  ErrorScreen,
  remoteTestId,
  Spinner,
  useApiData,
  useDocumentTitle,
} from '@catalyst/web-kit';
import styles from './Notifications.module.css';
import PushDeviceSetting from './PushDeviceSetting';
import WeeklyDigestSetting from './WeeklyDigestSetting';

/**
 * /notifications/settings: per kind of notification, whether it comes in the app, by e-mail and as a push to the
 * person's devices; and push on or off for this device.
 */
export default function NotificationSettingsPage() {
  useDocumentTitle('Notification settings');
  const saved = useApiData(api.notification.preferences);
  // The person's changes over what was read (or what the last save answered).
  const [edited, setEdited] = useState<NotificationPreferences | null>(null);
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | { problem: string }>('idle');
  const current = edited ?? saved.data ?? null;
  const choices = current?.preferences ?? null;
  const emailStopped = current?.emailStopped ?? false;

  const change = (
    type: NotificationPreference['type'],
    field: 'inApp' | 'email' | 'push',
    value: boolean,
  ) => {
    if (!current) return;
    setState('idle');
    setEdited({
      ...current,
      preferences: current.preferences.map((p) => (p.type === type ? { ...p, [field]: value } : p)),
    });
  };

  async function save() {
    if (!choices) return;
    setState('saving');
    try {
      setEdited(await api.notification.savePreferences({ body: { preferences: choices } }));
      setState('saved');
    } catch (error) {
      setState({ problem: `We couldn't save your settings: ${(error as Error).message}` });
    }
  }

  return (
    <div className={styles.page} data-testid={remoteTestId('community')}>
      <div className={styles.head}>
        <h1 className={styles.heading}>Notification settings</h1>
        <Link to={NOTIFICATIONS_PATH}>Back to notifications</Link>
      </div>
      {saved.error && !choices ? (
        <ErrorScreen
          message="We couldn't load your notification settings. Try again in a moment."
          onRetry={saved.reload}
          retryLabel="Try again"
        />
      ) : !choices ? (
        <Spinner message="Loading your notification settings..." />
      ) : (
        <form
          className={styles.settings}
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          {emailStopped ? (
            <Alert tone="info">
              You stopped all community e-mails from an e-mail&apos;s link. Switching an e-mail on here starts
              them again.
            </Alert>
          ) : null}
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Notify me about</th>
                <th scope="col">In the app</th>
                <th scope="col">By e-mail</th>
                <th scope="col">On your devices</th>
              </tr>
            </thead>
            <tbody>
              {choices.map((choice) => {
                const label = NOTIFICATION_TYPE_LABELS[choice.type];
                return (
                  <tr key={choice.type}>
                    <th scope="row">{label}</th>
                    <td>
                      <Choice
                        name={`${label}: in the app`}
                        on={choice.inApp}
                        set={(on) => change(choice.type, 'inApp', on)}
                      />
                    </td>
                    <td>
                      {choice.email === null ? (
                        <span className={styles.meta}>Not e-mailed</span>
                      ) : (
                        <Choice
                          name={`${label}: by e-mail`}
                          on={choice.email}
                          set={(on) => change(choice.type, 'email', on)}
                        />
                      )}
                    </td>
                    <td>
                      <Choice
                        name={`${label}: on your devices`}
                        on={choice.push}
                        set={(on) => change(choice.type, 'push', on)}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <div className={styles.actions}>
            <Button type="submit" loading={state === 'saving'}>
              Save settings
            </Button>
            <p role="status" className={typeof state === 'object' ? styles.problem : styles.meta}>
              {state === 'saved' ? 'Settings saved.' : typeof state === 'object' ? state.problem : ''}
            </p>
          </div>
        </form>
      )}
      <PushDeviceSetting />
      <WeeklyDigestSetting />
    </div>
  );
}

/** One switch of the table: a checkbox named by its row and column. */
function Choice({ name, on, set }: { name: string; on: boolean; set: (on: boolean) => void }) {
  return (
    <input type="checkbox" aria-label={name} checked={on} onChange={(event) => set(event.target.checked)} />
  );
}
