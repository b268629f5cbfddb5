import { PUSH_TEXTS } from '@catalyst/contracts';
import { Button } from '@catalyst/web-kit';
import { usePushDevice } from './pushDevice';
import styles from './Notifications.module.css';

/** The settings page's switch for this device: push notifications on or off (the browser asks on the click). */
export default function PushDeviceSetting() {
  const { state, busy, problem, turnOn, turnOff } = usePushDevice();
  if (state === null) return null;
  return (
    <section className={styles.device} aria-labelledby="push-device-heading">
      <h2 id="push-device-heading">On this device</h2>
      <p role="status" className={styles.meta}>
        {state === 'on'
          ? PUSH_TEXTS.on
          : state === 'denied'
            ? PUSH_TEXTS.denied
            : state === 'unsupported'
              ? PUSH_TEXTS.unsupported
              : PUSH_TEXTS.off}
      </p>
      {state === 'on' ? (
        <Button variant="secondary" size="sm" loading={busy} onClick={() => void turnOff()}>
          {PUSH_TEXTS.turnOff}
        </Button>
      ) : state === 'off' ? (
        <Button size="sm" loading={busy} onClick={() => void turnOn()}>
          {PUSH_TEXTS.turnOn}
        </Button>
      ) : null}
      <p aria-live="polite" className={styles.problem}>
        {problem ?? ''}
      </p>
    </section>
  );
}
