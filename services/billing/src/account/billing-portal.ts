import type Stripe from 'stripe';
import type { Identity } from '@catalyst/contracts';
import { notFound } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { isMissingResource, providerCall } from '../provider/stripe';
import { findCustomerByUser } from '../subscriptions/subscriptions.repository';

const NO_BILLING_ACCOUNT = 'No billing account found. Subscribe first.';

/**
 * A session of the provider's billing portal for the signed-in user, coming back to `returnPath`: the whole
 * portal (Manage billing), or one flow of it (`payment_method_update`: the card update a failed renewal's
 * e-mail links to). No billing account (never billed, an admin, a customer the provider forgot) is a 404.
 */
export async function openBillingPortal(
  deps: Pick<Deps, 'db' | 'stripe' | 'log' | 'config'>,
  identity: Identity,
  returnPath: string,
  flow?: Stripe.BillingPortal.SessionCreateParams.FlowData.Type,
): Promise<{ url: string }> {
  const customer = identity.role === 'admin' ? undefined : await findCustomerByUser(deps.db, identity.id);
  if (!customer) throw notFound(NO_BILLING_ACCOUNT);
  try {
    const session = await providerCall(
      () =>
        deps.stripe.billingPortal.sessions.create({
          customer: customer.stripe_customer_id,
          return_url: `${deps.config.PUBLIC_URL.replace(/\/+$/, '')}${returnPath}`,
          ...(flow ? { flow_data: { type: flow } } : {}),
        }),
      deps.log,
    );
    return { url: session.url };
  } catch (error) {
    if (isMissingResource(error)) throw notFound(NO_BILLING_ACCOUNT);
    throw error;
  }
}
