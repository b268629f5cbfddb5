// The billing schema: one line per table, each table's types in ./tables.
import type { BillingDetailsTable } from './tables/billing-details';
import type { CustomerTable } from './tables/customer';
import type { EventTable } from './tables/event';
import type { GiftTable } from './tables/gift';
import type { InvoiceTable } from './tables/invoice';
import type {
  PlanTermsTable,
  PromotionCodeTable,
  PromotionHoldTable,
  PromotionRedemptionTable,
  TrialClaimTable,
} from './tables/plans';
import type {
  CreatorPayoutAccountTable,
  RoyaltyMonthTable,
  RoyaltyPayoutTable,
  RoyaltySettingsTable,
  RoyaltyStatementItemTable,
  RoyaltyStatementTable,
} from './tables/royalty';
import type { SubscriptionTable } from './tables/subscription';
import type { TeamJoinLinkTable } from './tables/team-join-link';
import type { TeamSsoDomainTable, TeamSsoTable } from './tables/team-sso';
import type { TeamGroupMemberTable, TeamGroupTable } from './tables/team-group';
import type { TeamScimTokenTable, TeamScimUserTable } from './tables/team-scim';
import type {
  TeamAssignmentReminderTable,
  TeamAssignmentTable,
  TeamAssignmentUserTable,
} from './tables/team-assignment';
import type { TeamAuditTable, TeamInvitationTable, TeamMemberTable, TeamTable } from './tables/team';

export interface Database {
  customers: CustomerTable;
  subscriptions: SubscriptionTable;
  events: EventTable;
  billing_details: BillingDetailsTable;
  invoices: InvoiceTable;
  gifts: GiftTable;
  plan_terms: PlanTermsTable;
  trial_claims: TrialClaimTable;
  promotion_codes: PromotionCodeTable;
  promotion_redemptions: PromotionRedemptionTable;
  promotion_holds: PromotionHoldTable;
  teams: TeamTable;
  team_members: TeamMemberTable;
  team_invitations: TeamInvitationTable;
  team_audit: TeamAuditTable;
  team_sso: TeamSsoTable;
  team_sso_domains: TeamSsoDomainTable;
  team_join_links: TeamJoinLinkTable;
  team_scim_tokens: TeamScimTokenTable;
  team_assignments: TeamAssignmentTable;
  team_assignment_users: TeamAssignmentUserTable;
  team_assignment_reminders: TeamAssignmentReminderTable;
  team_scim_users: TeamScimUserTable;
  team_groups: TeamGroupTable;
  team_group_members: TeamGroupMemberTable;
  royalty_settings: RoyaltySettingsTable;
  royalty_months: RoyaltyMonthTable;
  royalty_statements: RoyaltyStatementTable;
  royalty_statement_items: RoyaltyStatementItemTable;
  creator_payout_accounts: CreatorPayoutAccountTable;
  royalty_payouts: RoyaltyPayoutTable;
}
