import type { Migration } from 'kysely';
import * as createBillingTables from './2026-11-22T04-30-00_create_billing_tables';
import * as pastDueGrace from './2026-12-05T12-10-00_past_due_grace';
import * as accountInvoicesGifts from './2026-12-05T12-20-00_account_invoices_gifts';
import * as plansAndPromotions from './2026-12-05T12-30-00_plans_and_promotions';
import * as promotionHolds from './2026-12-05T12-40-00_promotion_holds';
import * as teams from './2026-12-06T03-20-00_teams';
import * as teamSso from './2026-12-06T03-40-00_team_sso';
import * as teamAssignments from './2026-12-06T04-30-00_team_assignments';
import * as teamSsoDomainVerification from './2026-12-06T04-40-00_team_sso_domain_verification';
import * as teamScimTokens from './2026-12-06T04-50-00_team_scim_tokens';
import * as teamSsoSaml from './2026-12-06T06-20-00_team_sso_saml';
import * as teamGroups from './2026-12-06T06-10-00_team_groups';
import * as teamDomainsJoinLinks from './2026-12-06T06-30-00_team_domains_join_links';
import * as royalties from './2026-12-06T09-40-00_royalties';
import * as invoicesPaidAt from './2026-12-06T10-20-00_invoices_paid_at';
import * as domainEvents from './2026-12-06T12-50-00_domain_events';
import * as teamSubscriptionEvents from './2026-12-06T13-40-00_team_subscription_events';
import * as assignmentReminders from './2026-12-06T17-00-00_assignment_reminders';
import * as giftBuyerLanguage from './2026-12-07T01-50-00_gift_buyer_language';

/** Every migration of the billing schema, by sortable name. Migrations are frozen once landed. */
export const migrations: Record<string, Migration> = {
  '2026-11-22T04-30-00_create_billing_tables': createBillingTables,
  '2026-12-05T12-10-00_past_due_grace': pastDueGrace,
  '2026-12-05T12-20-00_account_invoices_gifts': accountInvoicesGifts,
  '2026-12-05T12-30-00_plans_and_promotions': plansAndPromotions,
  '2026-12-05T12-40-00_promotion_holds': promotionHolds,
  '2026-12-06T03-20-00_teams': teams,
  '2026-12-06T03-40-00_team_sso': teamSso,
  '2026-12-06T04-30-00_team_assignments': teamAssignments,
  '2026-12-06T04-40-00_team_sso_domain_verification': teamSsoDomainVerification,
  '2026-12-06T04-50-00_team_scim_tokens': teamScimTokens,
  '2026-12-06T06-20-00_team_sso_saml': teamSsoSaml,
  '2026-12-06T06-10-00_team_groups': teamGroups,
  '2026-12-06T06-30-00_team_domains_join_links': teamDomainsJoinLinks,
  '2026-12-06T09-40-00_royalties': royalties,
  '2026-12-06T10-20-00_invoices_paid_at': invoicesPaidAt,
  '2026-12-06T12-50-00_domain_events': domainEvents,
  '2026-12-06T13-40-00_team_subscription_events': teamSubscriptionEvents,
  '2026-12-06T17-00-00_assignment_reminders': assignmentReminders,
  '2026-12-07T01-50-00_gift_buyer_language': giftBuyerLanguage,
};
