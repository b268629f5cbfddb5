import { sql } from 'kysely';
import { createEventOutbox, dropEventOutbox, type MigrationDb } from '@catalyst/service-kit';

/**
 * Billing's domain events (issue 60): the outbox, filled by triggers in the writing statement's own transaction,
 * so every path that writes a personal subscription (the provider's webhooks, checkout confirmation, a redeemed
 * gift) or seats a member (invitation, join link, SCIM) emits, and a rolled-back write emits nothing.
 */
export async function up(db: MigrationDb): Promise<void> {
  await createEventOutbox(db);
  await sql`
    create function subscription_domain_events() returns trigger language plpgsql
    set search_path from current as $$
    begin
      perform append_domain_event(
        case when tg_op = 'INSERT' then 'subscription.created'
             when new.status = 'canceled' then 'subscription.canceled'
             else 'subscription.updated' end,
        new.user_id,
        jsonb_build_object('subscriptionId', new.stripe_subscription_id, 'status', new.status, 'plan', new.plan));
      return null;
    end $$`.execute(db);
  await sql`
    create trigger subscription_events_insert after insert on subscriptions
    for each row execute function subscription_domain_events()`.execute(db);
  await sql`
    create trigger subscription_events_update after update on subscriptions
    for each row when (
      old.status is distinct from new.status or old.plan is distinct from new.plan
      or old.cancel_at_period_end is distinct from new.cancel_at_period_end
      or old.current_period_end is distinct from new.current_period_end
    ) execute function subscription_domain_events()`.execute(db);
  await sql`
    create function member_domain_events() returns trigger language plpgsql
    set search_path from current as $$
    begin
      perform append_domain_event('member.joined', new.user_id, jsonb_build_object('teamId', new.team_id));
      return null;
    end $$`.execute(db);
  await sql`
    create trigger member_events_insert after insert on team_members
    for each row when (new.role <> 'owner') execute function member_domain_events()`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop trigger member_events_insert on team_members`.execute(db);
  await sql`drop function member_domain_events()`.execute(db);
  await sql`drop trigger subscription_events_update on subscriptions`.execute(db);
  await sql`drop trigger subscription_events_insert on subscriptions`.execute(db);
  await sql`drop function subscription_domain_events()`.execute(db);
  await dropEventOutbox(db);
}
