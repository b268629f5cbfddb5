// What the admin users page and auth say about accounts an admin manages: plain strings and lists, no zod,
// so the page can import them without the schemas.

/** What an admin can do to an account; each is one row of the admin audit log. */
export const ADMIN_USER_ACTIONS = [
  'resend-verification',
  'revoke-sessions',
  'deactivate',
  'reactivate',
] as const;
export type AdminUserAction = (typeof ADMIN_USER_ACTIONS)[number];

/** How the audit log names each action. */
export const ADMIN_USER_ACTION_LABELS: Record<AdminUserAction, string> = {
  'resend-verification': 'Verification e-mail resent',
  'revoke-sessions': 'Sessions revoked',
  deactivate: 'Account deactivated',
  reactivate: 'Account reactivated',
};

export const ADMIN_USER_SEARCH_MAX_LENGTH = 100;

/**
 * An audit row's detail as auth stores it (English text, so rows written before stay as they are), and read
 * back into its values, so the admin page says it in the reader's language from them.
 */
export const auditDetail = {
  sessionsEnded: (count: number) => `${count} ${count === 1 ? 'session' : 'sessions'} ended`,
  sentTo: (email: string) => `Sent to ${email}`,
};
export type AuditDetailValues = { kind: 'sessionsEnded'; count: number } | { kind: 'sentTo'; email: string };

/** A stored detail's values; null for a text of no known shape (shown as it is). */
export function readAuditDetail(detail: string): AuditDetailValues | null {
  const ended = /^(\d+) sessions? ended$/.exec(detail);
  if (ended) return { kind: 'sessionsEnded', count: Number(ended[1]) };
  const sent = /^Sent to (\S+@\S+)$/.exec(detail);
  return sent ? { kind: 'sentTo', email: sent[1]! } : null;
}

export const adminUserMessages = {
  /** Sign-in with the right password to a deactivated account (a 403). */
  accountDeactivated: 'This account has been deactivated. Contact support if you think this is a mistake.',
  userNotFound: 'User not found',
  alreadyVerified: 'This e-mail address is already verified',
  alreadyDeactivated: 'This account is already deactivated',
  notDeactivated: 'This account is not deactivated',
  cannotDeactivateSelf: 'You cannot deactivate your own account',
  searchTooLong: `Search text cannot exceed ${ADMIN_USER_SEARCH_MAX_LENGTH} characters`,
  verificationResent: 'Verification e-mail sent',
  sessionsRevoked: 'Every session of this account has ended',
  deactivated: 'Account deactivated: it can no longer sign in',
  reactivated: 'Account reactivated: it can sign in again',
} as const;
