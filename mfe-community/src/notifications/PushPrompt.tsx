import { useState } from 'react';
import type { NotificationType } from '@catalyst/contracts';
import { api, Button, useStrings } from '@catalyst/web-kit';
import { communityStrings } from '../i18n/en';
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

/** Pushes of `type` switched on for this person, their other switches kept (a saved choice is theirs). */
async function pushAlso(type: NotificationType): Promise<void> {
  const { preferences } = await api.notification.preferences();
  const current = preferences.find((p) => p.type === type);
  if (!current || current.push) return;
  await api.notification.savePreferences({ body: { preferences: [{ ...current, push: true }] } });
}

export interface PushPromptProps {
  /** The creator the learner just followed (the catalogue's creator page): their new courses come here too. */
  followed?: string;
}

/**
 * "Get notified on this device", offered right after a meaningful action (registering for a live session, asking
 * a question, following a creator: the catalogue loads it remote to remote), never on a first visit: only while
 * this browser can take pushes and is not subscribed yet. After a follow, turning it on also pushes new courses
 * from creators the learner follows, which are otherwise not pushed until switched on.
 */
export default function PushPrompt({ followed }: PushPromptProps) {
  const t = useStrings(communityStrings);
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
    <div className={styles.prompt} role="region" aria-label={t('push.prompt')}>
      <p className={styles.promptText}>
        <strong>{t('push.prompt')}</strong>{' '}
        {followed ? t('push.promptDetailFollowed', { name: followed }) : t('push.promptDetail')}
      </p>
      {state === 'off' ? (
        <div className={styles.actions}>
          <Button
            size="sm"
            loading={busy}
            onClick={() => {
              setAsked(true);
              void turnOn(followed ? () => pushAlso('creator-news') : undefined);
            }}
          >
            {t('push.turnOn')}
          </Button>
          <Button size="sm" variant="ghost" onClick={dismiss} disabled={busy}>
            {t('push.notNow')}
          </Button>
        </div>
      ) : null}
      <p role="status" className={problem ? styles.problem : styles.meta}>
        {problem ?? (state === 'on' ? t('push.on') : state === 'denied' ? t('push.denied') : '')}
      </p>
    </div>
  );
}
