import { isPassingFailure } from '@catalyst/web-kit';
import { playerStrings } from '../i18n/en';

/** What the learner was doing when a progress call failed. */
export type ProgressAction = 'load' | 'complete' | 'reset' | 'resetCourse';

// what did not happen, and (unreachable) why and what is kept
const WHAT = {
  load: { reason: 'failure.load', unreachable: 'failure.loadUnreachable' },
  complete: { reason: 'failure.complete', unreachable: 'failure.completeUnreachable' },
  reset: { reason: 'failure.reset', unreachable: 'failure.resetUnreachable' },
  resetCourse: { reason: 'failure.resetCourse', unreachable: 'failure.resetCourseUnreachable' },
} as const satisfies Record<ProgressAction, { reason: string; unreachable: string }>;

/** A progress call failed: say what did not happen and why, in words a learner can act on (never a raw status). */
export function progressFailureMessage(action: ProgressAction, error: unknown): string {
  const { t } = playerStrings;
  if (isPassingFailure(error)) return t(WHAT[action].unreachable);
  // the server's reason, without its full stop (the sentence ends with one)
  const reason = error instanceof Error && error.message ? error.message.replace(/\.$/, '') : null;
  return t(WHAT[action].reason, { reason: reason ?? t('failure.unknown') });
}
