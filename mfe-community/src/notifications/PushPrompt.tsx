import { useState } from 'react';
import { PUSH_TEXTS } from '@catalyst/contracts';
import { Button } from '@catalyst/web-kit';
import { usePushDevice } from './pushDevice';
import styles from './Notifications.module.css';

/** Where a dismissed prompt is remembered on this device: it is offered once, never again after "Not now". */
const DISMISSED_KEY = 'catalyst.push-prompt';

const dismissedBefore = () => {
  try {
    return localStorage.getItem(DISMISSED_KEY) === 'dismissed';
  } catch {
    return true;
  }
};

/**
 * "Get notified on this device", offered right after a meaningful action (registering for a live session, asking
 * a question), never on a first visit: only while this browser can take pushes and is not subscribed yet.
 */
export default function PushPrompt() {
  const [dismissed, setDismissed] = useState(dismissedBefore);
  const [asked, setAsked] = useState(false);
  const { state, busy, problem, turnOn } = usePushDevice();
  // Offered while this browser could take pushes and has none; after the click, the outcome stays in view.
  if (dismissed || (state !== 'off' && !asked)) return null;
  const dismiss = () => {
    try {
      localStorage.setItem(DISMISSED_KEY, 'dismissed');
    } catch {
      // storage refused (a private window): the prompt still goes for this page
    }
    setDismissed(true);
  };
  return (
    <div className={styles.prompt} role="region" aria-label={PUSH_TEXTS.prompt}>
      <p className={styles.promptText}>
        <strong>{PUSH_TEXTS.prompt}</strong> {PUSH_TEXTS.promptDetail}
      </p>
      {state === 'off' ? (
        <div className={styles.actions}>
          <Button
            size="sm"
            loading={busy}
            onClick={() => {
              setAsked(true);
              void turnOn();
            }}
          >
            {PUSH_TEXTS.turnOn}
          </Button>
          <Button size="sm" variant="ghost" onClick={dismiss} disabled={busy}>
            {PUSH_TEXTS.notNow}
          </Button>
        </div>
      ) : null}
      <p role="status" className={problem ? styles.problem : styles.meta}>
        {problem ?? (state === 'on' ? PUSH_TEXTS.on : state === 'denied' ? PUSH_TEXTS.denied : '')}
      </p>
    </div>
  );
}
