// The reason dialogs' checks: plain rules from contracts (the ones the routes' schemas are built from), so a
// list with a reason dialog (certificates, reports) does not download zod for one text field.
import { MODERATION_REASON, reasonProblem, REVOCATION_REASON, type ReasonRule } from '@catalyst/contracts';
import { shownFieldMessage } from './messages';
import type { FieldErrors } from './validation';

const reasonErrors =
  (rule: ReasonRule) =>
  (values: { reason: unknown }): FieldErrors => {
    const problem = reasonProblem(rule, values.reason);
    return problem ? { reason: shownFieldMessage(problem) } : {};
  };

/** A certificate's revocation: the reason its verification page will show. */
export const validateRevocation = reasonErrors(REVOCATION_REASON);
/** A moderator's reason for hiding, restoring, deleting, dismissing or locking (kept in the audit log). */
export const validateModerationReason = reasonErrors(MODERATION_REASON);
