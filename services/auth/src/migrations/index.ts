import type { Migration } from 'kysely';
import * as createAccounts from './2026-11-22T05-00-00_create_accounts';
import * as linkPurposes from './2026-11-24T02-00-00_link_purposes';
import * as rememberedSignIns from './2026-12-05T03-00-00_remembered_sign_ins';
import * as adminUsers from './2026-12-05T04-10-00_admin_users';
import * as ssoLogins from './2026-12-06T03-45-00_sso_logins';
import * as creatorRole from './2026-12-06T09-50-00_creator_role';
import * as creatorLink from './2026-12-06T10-30-00_creator_link';
import * as apiKeys from './2026-12-06T13-10-00_api_keys';
import * as lti from './2026-12-06T13-20-00_lti';
import * as userLocale from './2026-12-06T16-40-00_user_locale';

/** Every migration of the auth schema, by sortable name. Migrations are frozen once landed. */
export const migrations: Record<string, Migration> = {
  '2026-11-22T05-00-00_create_accounts': createAccounts,
  '2026-11-24T02-00-00_link_purposes': linkPurposes,
  '2026-12-05T03-00-00_remembered_sign_ins': rememberedSignIns,
  '2026-12-05T04-10-00_admin_users': adminUsers,
  '2026-12-06T03-45-00_sso_logins': ssoLogins,
  '2026-12-06T09-50-00_creator_role': creatorRole,
  '2026-12-06T10-30-00_creator_link': creatorLink,
  '2026-12-06T13-10-00_api_keys': apiKeys,
  '2026-12-06T13-20-00_lti': lti,
  '2026-12-06T16-40-00_user_locale': userLocale,
};
