import { session } from '@catalyst/web-kit';
import type { ProgressSnapshot } from './policy';

/**
 * Where the learner was when a page was left (a reload, another page, a hidden tab), kept in this tab's
 * sessionStorage, for that learner only, until the next load of the same target reads it. The unload save
 * carries it to the server, but a reload can ask for the saved progress before that request has landed (or
 * the browser may drop it): the page that comes back resumes from what this tab knows instead.
 */
const PREFIX = 'catalyst:left-at:';

/** Older than this, a kept position is not trusted over the server's (another device may have moved on). */
export const LEFT_AT_MAX_AGE_MS = 24 * 60 * 60_000;

interface Kept extends ProgressSnapshot {
  /** Who left it (null: a tab given only a token, as tests and tools do): nobody else resumes from it. */
  user: string | null;
}

const currentUser = (): string | null => {
  const user = session.getState().user;
  return user ? String(user.id ?? user._id ?? user.email) : null;
};

/** Keeps where the learner was on a target (synchronously: the page may be gone by the next task). */
export function rememberLeftAt(targetKey: string, snapshot: ProgressSnapshot): void {
  try {
    sessionStorage.setItem(
      PREFIX + targetKey,
      JSON.stringify({ ...snapshot, user: currentUser() } satisfies Kept),
    );
  } catch {
    // storage full or refused: the unload save still goes
  }
}

/**
 * The position kept for a target when it is newer than the server's last save (`updatedAt`), and left by the
 * same learner within a day; read once (taken).
 */
export function takeLeftAt(
  targetKey: string,
  updatedAt: string | null | undefined,
  now = Date.now(),
): ProgressSnapshot | null {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(PREFIX + targetKey);
    sessionStorage.removeItem(PREFIX + targetKey);
  } catch {
    return null;
  }
  if (!raw) return null;
  let kept: Partial<Kept>;
  try {
    kept = JSON.parse(raw) as Partial<Kept>;
  } catch {
    return null;
  }
  const { user, progress, lastPosition, completed, clientTime } = kept;
  if (
    (user ?? null) !== currentUser() ||
    typeof progress !== 'number' ||
    typeof lastPosition !== 'number' ||
    typeof clientTime !== 'number' ||
    now - clientTime > LEFT_AT_MAX_AGE_MS
  )
    return null;
  const savedAt = updatedAt ? Date.parse(updatedAt) : Number.NaN;
  if (Number.isFinite(savedAt) && savedAt > clientTime) return null;
  return { progress, lastPosition, completed: completed === true, clientTime };
}
