import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@catalyst/contracts';
import { readEvents } from '@catalyst/service-kit';
import { testLog, useTestDatabase } from '@catalyst/service-kit/testing';
import type { Database } from '../db/schema';
import type { NewSubscription } from '../db/tables/subscription';
import { SCHEMA, prepareDatabase } from '../setup';
import { markSubscriptionEnded, upsertSubscription } from '../subscriptions/subscriptions.repository';
import { insertMember } from '../teams/teams.repository';

const db = useTestDatabase<Database>(SCHEMA);

let cursor = '0';
/** The feed's events since the last read, once `count` of them are visible (other test files' transactions may hold it back). */
async function newEvents(count: number): Promise<string[]> {
  let events: DomainEvent[] = [];
  await expect
    .poll(async () => (events = await readEvents(db(), cursor, 100)).length, { timeout: 3_000, interval: 20 })
    .toBeGreaterThanOrEqual(count);
  if (events.length > 0) cursor = events.at(-1)!.seq;
  return events.map((e) => `${e.type} ${e.userId} ${JSON.stringify(e.data)}`);
}

const subscription = (overrides: Partial<NewSubscription> = {}): NewSubscription => ({
  stripe_subscription_id: 'sub_events',
  user_id: 'u1',
  stripe_customer_id: 'cus_events',
  plan: 'premium',
  status: 'trialing',
  current_period_end: new Date('2027-01-01T00:00:00Z'),
  cancel_at_period_end: false,
  canceled_at: null,
  ended_at: null,
  ...overrides,
});
const data = (status: string) => `{"plan":"premium","status":"${status}","subscriptionId":"sub_events"}`;

describe('billing events', () => {
  it('emits a subscription (personal or a team’s) created, updated only when it changes, and canceled; a member joining, never the owner', async () => {
    await prepareDatabase(db(), { seed: false, log: testLog });
    await upsertSubscription(db(), subscription());
    await upsertSubscription(db(), subscription()); // the same read again: nothing changed
    await upsertSubscription(db(), subscription({ status: 'active' }));
    await upsertSubscription(db(), subscription({ status: 'active', cancel_at_period_end: true }));
    await markSubscriptionEnded(db(), 'sub_events', new Date());
    const [team] = await db()
      .insertInto('teams')
      .values({
        name: 'Team',
        owner_user_id: 'owner',
        interval: 'month',
        seats: 3,
        status: 'active',
        stripe_customer_id: 'cus_team',
        stripe_subscription_id: 'sub_team',
        checkout_session_id: 'cs_team',
        current_period_end: null,
      })
      .returning('id')
      .execute();
    const seat = { team_id: team!.id, name: 'N', email: 'n@test.example' };
    await insertMember(db(), { ...seat, user_id: 'owner', role: 'owner' });
    await insertMember(db(), { ...seat, user_id: 'u2', role: 'member' });
    await insertMember(db(), { ...seat, user_id: 'u2', role: 'member' }); // already seated: nothing written
    await db().updateTable('teams').set({ seats: 5 }).where('id', '=', team!.id).execute();
    await db().updateTable('teams').set({ name: 'Renamed' }).where('id', '=', team!.id).execute(); // no event
    await db().updateTable('teams').set({ status: 'canceled' }).where('id', '=', team!.id).execute();
    const teamData = (status: string) => `{"plan":"team","status":"${status}","subscriptionId":"sub_team"}`;
    expect(await newEvents(8)).toEqual([
      `subscription.created u1 ${data('trialing')}`,
      `subscription.updated u1 ${data('active')}`,
      `subscription.updated u1 ${data('active')}`,
      `subscription.canceled u1 ${data('canceled')}`,
      `subscription.created owner ${teamData('active')}`,
      `member.joined u2 {"teamId":"${team!.id}"}`,
      `subscription.updated owner ${teamData('active')}`,
      `subscription.canceled owner ${teamData('canceled')}`,
    ]);
  });

  it('leaves no event for a write that rolls back', async () => {
    await db()
      .transaction()
      .execute(async (trx) => {
        await upsertSubscription(trx, subscription({ stripe_subscription_id: 'sub_gone' }));
        throw new Error('the provider read failed');
      })
      .catch(() => undefined);
    expect(await newEvents(0)).toEqual([]);
  });
});
