import type { ColumnType, Selectable } from 'kysely';
import type { AdminUserAction } from '@catalyst/contracts';

/** Every admin action on an account, newest last; names and addresses as they were at the time. */
export interface AdminAuditLogTable {
  id: string;
  seq: ColumnType<string, never, never>;
  action: AdminUserAction;
  admin_id: string;
  admin_name: string;
  target_user_id: string;
  target_name: string;
  target_email: string;
  detail: string | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}
export type AdminAuditLogRow = Selectable<AdminAuditLogTable>;
