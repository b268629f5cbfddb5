import { Button, useStrings } from '@catalyst/web-kit';
import { communityStrings } from '../i18n/en';
import { usePushDevice } from './pushDevice';
import styles from './Notifications.module.css';

/** The settings page's switch for this device: push notifications on or off (the browser asks on the click). */
export default function PushDeviceSetting() {
  const t = useStrings(communityStrings);
  const { state, busy, problem, turnOn, turnOff } = usePushDevice();
  if (state === null) return null;
  return (
    <section className={styles.device} aria-labelledby="push-device-heading">
      <h2 id="push-device-heading">{t('push.device')}</h2>
      <p role="status" className={styles.meta}>
        {state === 'on'
          ? t('push.on')
          : state === 'denied'
            ? t('push.denied')
            : state === 'unsupported'
              ? t('push.unsupported')
              : t('push.off')}
      </p>
      {state === 'on' ? (
        <Button variant="secondary" size="sm" loading={busy} onClick={() => void turnOff()}>
          {t('push.turnOff')}
        </Button>
      ) : state === 'off' ? (
        <Button size="sm" loading={busy} onClick={() => void turnOn()}>
          {t('push.turnOn')}
        </Button>
      ) : null}
      <p aria-live="polite" className={styles.problem}>
        {problem ?? ''}
      </p>
    </section>
  );
}
