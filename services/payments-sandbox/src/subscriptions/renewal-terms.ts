// What a renewal charges: the schedule's next price when one starts now, the plan's period length, and the
// promotion code's discount while it lasts. A trial's end is its first charge.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Price } from '../db/tables/price';
import type { Subscription } from '../db/tables/subscription';
import { findPrice } from '../checkout/checkout.repository';
import { subscriptionDiscount } from '../promotions/discounts';
import { periodEnd } from './periods';
import { findActiveSchedule, updateSchedule } from './schedules.repository';

type Db = Kysely<Database>;

export async function renewalTerms(db: Db, sub: Subscription, at: number) {
  let price: Price | undefined = await findPrice(db, sub.price_id);
  const schedule = await findActiveSchedule(db, sub.id);
  const phase = schedule?.phases.find((p) => p.start_date === at && p.price !== sub.price_id);
  if (schedule && phase) {
    price = await findPrice(db, phase.price);
    // The last phase has begun: the schedule lets the subscription go on by itself (end_behavior release).
    if (schedule.phases.at(-1) === phase)
      await updateSchedule(db, schedule.id, { status: 'released', released_at: at });
  }
  if (!price) throw new Error(`subscription ${sub.id} lost its price`);
  const subtotal = price.unit_amount * sub.quantity;
  const discount = await subscriptionDiscount(db, sub, subtotal, at);
  return {
    price,
    nextEnd: periodEnd(at, price.interval),
    subtotal,
    discount,
    amount: subtotal - discount,
  };
}
