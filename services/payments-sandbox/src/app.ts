import { Hono, type Context, type Next } from 'hono';
import { pingDb } from '@catalyst/service-kit';
import type { Deps } from './deps';
import { checkoutPages } from './checkout/checkout.page';
import { checkoutRoutes } from './checkout/checkout.routes';
import { clockRoutes } from './clock/clock.routes';
import { customersRoutes } from './customers/customers.routes';
import { invoicesRoutes } from './invoices/invoices.routes';
import { receiptPages } from './invoices/receipt.page';
import { portalPages } from './portal/portal.page';
import { paymentIntentsRoutes, refundsRoutes } from './payments/payments.routes';
import { portalRoutes } from './portal/portal.routes';
import { promotionPages } from './promotions/promotion.page';
import { couponsRoutes, promotionCodesRoutes } from './promotions/promotions.routes';
import {
  invoicePreviewRoutes,
  paymentMethodsRoutes,
  pricesRoutes,
  schedulesRoutes,
} from './subscriptions/plans.routes';
import { subscriptionsRoutes } from './subscriptions/subscriptions.routes';
import { eventsRoutes } from './webhooks/events.routes';
import { StripeApiError, stripeErrorBody } from './wire/errors';
import { requireSecretKey } from './wire/auth';
import { idempotentRequests } from './wire/idempotency';

export type { Deps };

/** The Stripe-compatible sandbox speaks Stripe's wire format, not the Catalyst error shape. */
export function createApp(deps: Deps) {
  const app = new Hono();

  app.get('/health', async (c) => {
    const database = await pingDb(deps.db);
    return c.json(
      {
        success: database,
        data: {
          service: 'payments-sandbox',
          status: database ? 'ok' : 'down',
          checks: { database: database ? 'ok' : 'down' },
        },
      },
      database ? 200 : 503,
    );
  });

  // The provider's API: bearer secret key, form-encoded parameters, Stripe-shaped objects and errors.
  const api = new Hono();
  api.use('*', requireSecretKey(deps.config.SANDBOX_SECRET_KEY));
  api.use('*', idempotentRequests(deps.db));
  api.route('/customers', customersRoutes(deps));
  api.route('/checkout/sessions', checkoutRoutes(deps));
  api.route('/subscriptions', subscriptionsRoutes(deps));
  api.route('/invoices/create_preview', invoicePreviewRoutes(deps));
  api.route('/invoices', invoicesRoutes(deps));
  api.route('/payment_intents', paymentIntentsRoutes(deps));
  api.route('/refunds', refundsRoutes(deps));
  api.route('/prices', pricesRoutes(deps));
  api.route('/coupons', couponsRoutes(deps));
  api.route('/promotion_codes', promotionCodesRoutes(deps));
  api.route('/subscription_schedules', schedulesRoutes(deps));
  api.route('/payment_methods', paymentMethodsRoutes(deps));
  api.route('/billing_portal', portalRoutes(deps));
  api.route('/events', eventsRoutes(deps));
  api.route('/test_helpers', clockRoutes(deps));
  api.notFound((c) =>
    c.json(
      stripeErrorBody(
        new StripeApiError(
          404,
          'invalid_request_error',
          `Unrecognized request URL (${c.req.method}: ${c.req.path}).`,
        ),
      ),
      404,
    ),
  );
  app.route('/v1', api);

  // Hosted pages the browser visits: never framed (clickjacking a card form), no script at all, styles
  // only inline from the page itself, nothing cached.
  const pageHeaders = async (c: Context, next: Next) => {
    await next();
    c.header(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; frame-ancestors 'none'",
    );
    c.header('X-Frame-Options', 'DENY');
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'no-referrer');
    c.header('Cache-Control', 'no-store');
  };
  app.use('/checkout/*', pageHeaders);
  app.use('/portal/*', pageHeaders);
  app.use('/receipts/*', pageHeaders);
  app.route('/checkout', promotionPages(deps));
  app.route('/checkout', checkoutPages(deps));
  app.route('/portal', portalPages(deps));
  app.route('/receipts', receiptPages(deps));

  app.onError((error, c) => {
    if (error instanceof StripeApiError) return c.json(stripeErrorBody(error), error.status as 400);
    deps.log.error({ err: error.message, stack: error.stack }, 'sandbox error');
    return c.json(
      stripeErrorBody(
        new StripeApiError(500, 'api_error', 'An unexpected error occurred in the payments sandbox.'),
      ),
      500,
    );
  });
  app.notFound((c) =>
    c.json(
      stripeErrorBody(
        new StripeApiError(
          404,
          'invalid_request_error',
          `Unrecognized request URL (${c.req.method}: ${c.req.path}).`,
        ),
      ),
      404,
    ),
  );
  return app;
}
