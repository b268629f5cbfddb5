import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
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
  useStrings,
} from '@catalyst/web-kit';
import { communityStrings } from '../i18n/en';
import { KIND_LABELS } from '../i18n/labels';
import styles from './Notifications.module.css';
import PushDeviceSetting from './PushDeviceSetting';
import WeeklyDigestSetting from './WeeklyDigestSetting';

/**
 * /notifications/settings: per kind of notification, whether it comes in the app, by e-mail and as a push to the
 * person's devices; and push on or off for this device.
 */
export default function NotificationSettingsPage() {
  const t = useStrings(communityStrings);
  useDocumentTitle(t('settings.title'));
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
      setState({ problem: t('settings.saveFailed', { message: (error as Error).message }) });
    }
  }

  return (
    <div className={styles.page} data-testid={remoteTestId('community')}>
      <div className={styles.head}>
        <h1 className={styles.heading}>{t('settings.title')}</h1>
        <Link to={NOTIFICATIONS_PATH}>{t('settings.back')}</Link>
      </div>
      {saved.error && !choices ? (
        <ErrorScreen
          message={t('settings.failed')}
          onRetry={saved.reload}
          retryLabel={t('common.tryAgain')}
        />
      ) : !choices ? (
        <Spinner message={t('settings.loading')} />
      ) : (
        <form
          className={styles.settings}
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          {emailStopped ? <Alert tone="info">{t('settings.emailStopped')}</Alert> : null}
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('settings.about')}</th>
                <th scope="col">{t('settings.inApp')}</th>
                <th scope="col">{t('settings.email')}</th>
                <th scope="col">{t('settings.devices')}</th>
              </tr>
            </thead>
            <tbody>
              {choices.map((choice) => {
                const label = t(KIND_LABELS[choice.type]);
                return (
                  <tr key={choice.type}>
                    <th scope="row">{label}</th>
                    <td>
                      <Choice
                        name={t('settings.inAppChoice', { kind: label })}
                        on={choice.inApp}
                        set={(on) => change(choice.type, 'inApp', on)}
                      />
                    </td>
                    <td>
                      {choice.email === null ? (
                        <span className={styles.meta}>{t('settings.notEmailed')}</span>
                      ) : (
                        <Choice
                          name={t('settings.emailChoice', { kind: label })}
                          on={choice.email}
                          set={(on) => change(choice.type, 'email', on)}
                        />
                      )}
                    </td>
                    <td>
                      <Choice
                        name={t('settings.devicesChoice', { kind: label })}
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
              {t('settings.save')}
            </Button>
            <p role="status" className={typeof state === 'object' ? styles.problem : styles.meta}>
              {state === 'saved' ? t('settings.saved') : typeof state === 'object' ? state.problem : ''}
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
