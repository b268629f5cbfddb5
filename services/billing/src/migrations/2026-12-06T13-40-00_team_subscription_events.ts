import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/**
 * A team's seats are a subscription too: its creation, changes (status, seats, period end) and end emit the same
 * `subscription.*` events as a personal plan's, with plan `team` and the owner as the user.
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create function team_subscription_domain_events() returns trigger language plpgsql
    set search_path from current as $$
    begin
      perform append_domain_event(
        case when tg_op = 'INSERT' then 'subscription.created'
             when new.status = 'canceled' then 'subscription.canceled'
             else 'subscription.updated' end,
        new.owner_user_id,
        jsonb_build_object('subscriptionId', new.stripe_subscription_id, 'status', new.status, 'plan', 'team'));
      return null;
    end $$`.execute(db);
  await sql`
    create trigger team_subscription_events_insert after insert on teams
    for each row execute function team_subscription_domain_events()`.execute(db);
  await sql`
    create trigger team_subscription_events_update after update on teams
    for each row when (
      old.status is distinct from new.status or old.seats is distinct from new.seats
      or old.current_period_end is distinct from new.current_period_end
    ) execute function team_subscription_domain_events()`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop trigger team_subscription_events_update on teams`.execute(db);
  await sql`drop trigger team_subscription_events_insert on teams`.execute(db);
  await sql`drop function team_subscription_domain_events()`.execute(db);
}
