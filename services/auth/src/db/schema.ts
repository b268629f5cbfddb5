// The auth schema: one line per table, each table's types in ./tables.
import type { AdminAuditLogTable } from './tables/admin-audit-log';
import type { ApiKeyTable } from './tables/api-key';
import type { EmailVerificationTable } from './tables/email-verification';
import type { SessionTable } from './tables/session';
import type { RefreshTokenTable, SessionFamilyTable } from './tables/session-family';
import type { LtiAccountTable } from './tables/lti-account';
import type { LtiDeepLinkTable } from './tables/lti-deep-link';
import type { LtiGradeTargetTable } from './tables/lti-grade-target';
import type { LtiKeyTable } from './tables/lti-key';
import type { LtiLoginTable } from './tables/lti-login';
import type { LtiPlatformTable } from './tables/lti-platform';
import type { LtiScorePostTable } from './tables/lti-score-post';
import type { SsoLoginTable } from './tables/sso-login';
import type { UserTable } from './tables/user';

export interface Database {
  users: UserTable;
  sessions: SessionTable;
  email_verifications: EmailVerificationTable;
  session_families: SessionFamilyTable;
  refresh_tokens: RefreshTokenTable;
  admin_audit_log: AdminAuditLogTable;
  sso_logins: SsoLoginTable;
  api_keys: ApiKeyTable;
  lti_platforms: LtiPlatformTable;
  lti_keys: LtiKeyTable;
  lti_logins: LtiLoginTable;
  lti_accounts: LtiAccountTable;
  lti_deep_links: LtiDeepLinkTable;
  lti_grade_targets: LtiGradeTargetTable;
  lti_score_posts: LtiScorePostTable;
}
