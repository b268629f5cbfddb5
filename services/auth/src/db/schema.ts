// The auth schema: one line per table, each table's types in ./tables.
import type { AdminAuditLogTable } from './tables/admin-audit-log';
import type { ApiKeyTable } from './tables/api-key';
import type { EmailVerificationTable } from './tables/email-verification';
import type { SessionTable } from './tables/session';
import type { RefreshTokenTable, SessionFamilyTable } from './tables/session-family';
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
}
  api_keys: ApiKeyTable;
