import { UNREACHABLE_MESSAGE, isPassingFailure } from '@catalyst/web-kit';

/** "we can't reach Catalyst right now", for the middle of a sentence. */
const unreachable = UNREACHABLE_MESSAGE.charAt(0).toLowerCase() + UNREACHABLE_MESSAGE.slice(1);

/** What the learner was doing when a progress call failed. */
export type ProgressAction = 'load' | 'complete' | 'reset' | 'resetCourse';

const WHAT: Record<ProgressAction, string> = {
  load: "We couldn't load your saved progress",
  complete: "We couldn't mark this as complete",
  reset: "We couldn't reset your progress",
  resetCourse: "We couldn't reset the course",
};

const KEPT: Record<ProgressAction, string> = {
  load: 'Your progress is safe; try again in a moment.',
  complete: 'Your progress so far is kept; try again in a moment.',
  reset: 'Nothing was cleared; try again in a moment.',
  resetCourse: 'Nothing was cleared; try again in a moment.',
};

/** A progress call failed: say what did not happen and why, in words a learner can act on (never a raw status). */
export function progressFailureMessage(action: ProgressAction, error: unknown): string {
  if (isPassingFailure(error)) return `${WHAT[action]}: ${unreachable}. ${KEPT[action]}`;
  const reason =
    error instanceof Error && error.message ? error.message.replace(/\.$/, '') : 'something went wrong';
  return `${WHAT[action]}: ${reason}.`;
}

/** Shown in place of 'Saving...' while the newest save has failed and is being retried. */
export const SAVE_FAILED_MESSAGE = `Not saved yet: ${unreachable}. Trying again...`;
