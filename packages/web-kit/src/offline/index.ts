import type { ApiClient } from '../api/client';
import type { SessionStore } from '../session/store';
import { keptAnswers } from './answers';
import { downloads } from './downloads';
import { writeQueue } from './queue';

export * from './status';
export { keptAnswers, KEPT_ANSWER_MAX_AGE_MS } from './answers';
export { writeQueue, queuableClientTime, type QueuedWrite } from './queue';
export * from './downloads';

/** A plan that lets downloads of premium lessons live on (an admin's access counts as one). */
const planActive = (status: { hasSubscription: boolean; plan: string | null }) => status.hasSubscription || status.plan === 'admin';

/**
 * Ties the offline stores to the session (the shell calls it once): a sign-out forgets the kept answers
 * and queued writes; each connection (start-up, sign-in, the browser's 'online') sends the queued
 * writes and asks the server whether the person's plan still covers their downloads.
 */
export function startOffline({ session, api }: { session: SessionStore; api: ApiClient }): () => void {
  let lastToken = session.getState().token;
  let lastUser: string | null = null;

  const connected = async () => {
    const { token, user } = session.getState();
    if (!token || !user || (typeof navigator !== 'undefined' && navigator.onLine === false)) return;
    await api.sendQueuedWrites().catch(() => 0);
    try {
      await downloads.verify(planActive(await api.subscription.status(undefined, { fresh: true })));
    } catch {
      // not reached (or refused): the grace period decides until the next connection
    }
  };

  const onSession = () => {
    const { token, user } = session.getState();
    if (lastToken && !token) {
      void keptAnswers.clear();
      void writeQueue.clear();
    }
    lastToken = token;
    const userId = user ? String(user._id ?? user.id ?? user.email) : null;
    if (userId !== lastUser) {
      lastUser = userId;
      void downloads.setPerson(userId).then(connected);
    }
  };
  const unsubscribe = session.subscribe(onSession);
  onSession();
  const online = () => void connected();
  window.addEventListener('online', online);
  return () => {
    unsubscribe();
    window.removeEventListener('online', online);
  };
}
