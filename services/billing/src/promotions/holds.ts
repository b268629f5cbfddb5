import type Stripe from 'stripe';
import { promotionMessages } from '@catalyst/contracts';
import { badRequest } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { isMissingResource, providerCall } from '../provider/stripe';
import { lockKey } from '../subscriptions/subscriptions.repository';

/**
 * A code is redeemed once per person, and the provider cannot count per person: so a person holds at most one
 * open checkout with a code. Opening another expires the one before (two tabs cannot both pay with it), and a
 * checkout with the code already paid (its webhook not yet here) refuses the new one. Serialised per person
 * and code, so two requests at the same moment cannot both keep a checkout.
 */
export async function withCodeHold(
  deps: Pick<Deps, 'db' | 'stripe' | 'log'>,
  userId: string,
  codeId: string,
  open: () => Promise<Stripe.Checkout.Session>,
): Promise<Stripe.Checkout.Session> {
  return deps.db.transaction().execute(async (trx) => {
    await lockKey(trx, `billing:promotion:${codeId}:${userId}`);
    const held = await trx
      .selectFrom('promotion_holds')
      .select('checkout_session_id')
      .where('promotion_code_id', '=', codeId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (held) {
      let before: Stripe.Checkout.Session | undefined;
      try {
        before = await providerCall(
          () => deps.stripe.checkout.sessions.retrieve(held.checkout_session_id),
          deps.log,
        );
      } catch (error) {
        if (!isMissingResource(error)) throw error;
      }
      const alreadyUsed = badRequest(promotionMessages.alreadyUsed, [
        { field: 'code', message: promotionMessages.alreadyUsed },
      ]);
      if (before?.status === 'complete') throw alreadyUsed;
      if (before?.status === 'open')
        await providerCall(() => deps.stripe.checkout.sessions.expire(before.id), deps.log).catch(
          async (error: unknown) => {
            // Paid in the moment between the read and the expiry: that checkout used the code.
            const now = await providerCall(() => deps.stripe.checkout.sessions.retrieve(before.id), deps.log);
            if (now.status === 'complete') throw alreadyUsed;
            throw error;
          },
        );
    }
    const session = await open();
    await trx
      .insertInto('promotion_holds')
      .values({ promotion_code_id: codeId, user_id: userId, checkout_session_id: session.id })
      .onConflict((oc) =>
        oc.columns(['promotion_code_id', 'user_id']).doUpdateSet({ checkout_session_id: session.id }),
      )
      .execute();
    return session;
  });
}
