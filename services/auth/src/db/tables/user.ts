import type { ColumnType, Insertable, Selectable, Updateable } from 'kysely';
import type { Role } from '@catalyst/contracts';
import type { Language } from '@catalyst/contracts/languages';

export interface UserTable {
  /** 24 lowercase hex characters. */
  id: string;
  name: string;
  /** Always stored trimmed and lower-cased; unique. */
  email: string;
  role: ColumnType<Role, Role | undefined, Role>;
  password_hash: string;
  email_verified_at: Date | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** Set by an admin: the account cannot sign in until reactivated. */
  deactivated_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** A creator account's creator (content's link), carried in its identity; null for everyone else. */
  creator_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The language the account chose (en, es, de, ar); null until one is chosen. */
  locale: ColumnType<Language | null, Language | null | undefined, Language | null>;
}
export type UserRow = Selectable<UserTable>;
export type NewUserRow = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
