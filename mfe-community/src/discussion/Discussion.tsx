import { useCallback, useState } from 'react';
import type { DiscussionTarget, Thread } from '@catalyst/contracts';
import { Button, openAuthDialog, remoteTestId, Spinner, useSession, useStrings } from '@catalyst/web-kit';
import { communityStrings } from '../i18n/en';
import PushPrompt from '../notifications/PushPrompt';
import { ThreadList } from './ThreadList';
import { ThreadView } from './ThreadView';
import styles from './Discussion.module.css';

export interface DiscussionProps {
  /** The product (`_id`), and the lesson when the discussion is a lesson's. */
  target: DiscussionTarget;
}

/**
 * The questions and answers of a product or a lesson: the list of discussions (newest, top, unanswered),
 * asking a question, and one discussion with its replies. The server decides who may read it (whoever may
 * open the product or lesson); its refusal is shown as it says it.
 */
export default function Discussion({ target }: DiscussionProps) {
  const t = useStrings(communityStrings);
  const session = useSession();
  const [open, setOpen] = useState<Thread | null>(null);
  /** The discussion whose entry gets the focus back when the list shows again. */
  const [returnTo, setReturnTo] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // Asking a question is a moment worth offering push notifications for this device (never on a first visit).
  const [asked, setAsked] = useState(false);
  const targetKey = `${target.productId}/${target.lessonId ?? ''}`;
  const [openedFor, setOpenedFor] = useState(targetKey);
  if (openedFor !== targetKey) {
    // another lesson: its own discussions, from the list
    setOpenedFor(targetKey);
    setOpen(null);
    setReturnTo(null);
  }

  const close = useCallback((thread: Thread) => {
    setReturnTo(thread._id);
    setOpen(null);
  }, []);

  let body;
  if (session.isLoading) body = <Spinner message={t('discussion.loading')} />;
  else if (!session.isAuthenticated) {
    body = (
      <div className={styles.empty}>
        <p>{t('discussion.signIn')}</p>
        <Button size="sm" onClick={() => openAuthDialog('login')}>
          {t('discussion.signInButton')}
        </Button>
      </div>
    );
  } else if (open) {
    body = <ThreadView key={open._id} initial={open} onClose={close} announce={setAnnouncement} />;
  } else {
    body = (
      <ThreadList
        target={target}
        returnTo={returnTo}
        onOpen={setOpen}
        onAsked={() => setAsked(true)}
        announce={setAnnouncement}
      />
    );
  }

  return (
    <section
      className={styles.discussion}
      data-testid={remoteTestId('community')}
      aria-labelledby="discussion-title"
    >
      <h2 id="discussion-title" className={styles.title}>
        {t('discussion.title')}
      </h2>
      {asked && session.isAuthenticated ? <PushPrompt /> : null}
      {body}
      {/* what just happened (a post, a reply, newer posts loaded), said once */}
      <p className="ck-visually-hidden" role="status" aria-live="polite" data-testid="discussion-announcer">
        {announcement}
      </p>
    </section>
  );
}
