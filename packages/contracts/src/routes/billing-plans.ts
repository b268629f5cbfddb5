import { z } from 'zod';
import { subscriptionStatusSchema } from '../billing';
import {
  adminPromotionSchema,
  offerQuerySchema,
  offerSchema,
  planChangeBodySchema,
  planChangePreviewSchema,
  promotionCreateBodySchema,
  promotionIdParamsSchema,
  promotionRedemptionSchema,
} from '../promotions';
import { defineRoutes } from './define';

const service = 'billing';

/** The signed-in user's choice of plan: the offer (trial, a code's discount) and monthly ↔ annual. */
export const planRoutes = defineRoutes({
  offer: {
    method: 'GET',
    path: '/subscription/offer',
    service,
    access: 'user',
    summary: 'The free trial you may take and, with `code`, what the promotion code takes off each plan',
    query: offerQuerySchema,
    response: offerSchema,
  },
  previewChange: {
    refuses: { 404: 'No active subscription', 409: 'Already on that plan, or a trial' },
    method: 'GET',
    path: '/subscription/plan-change',
    service,
    access: 'user',
    summary: 'What switching to monthly or annual would charge now, and when it takes effect',
    query: planChangeBodySchema,
    response: planChangePreviewSchema,
  },
  change: {
    refuses: { 404: 'No active subscription', 409: 'Already on that plan, or a trial' },
    method: 'POST',
    path: '/subscription/plan-change',
    service,
    access: 'user',
    summary: 'Switch monthly → annual now (the unused month credited) or annual → monthly at the renewal',
    body: planChangeBodySchema,
    response: subscriptionStatusSchema,
  },
});

/** Admins' promotion codes. */
export const adminPromotionRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/admin/promotions',
    service,
    access: 'admin',
    summary: 'Every promotion code with its redemptions and revenue, newest first',
    response: z.array(adminPromotionSchema),
  },
  create: {
    refuses: { 409: 'An active code with the same letters exists' },
    method: 'POST',
    path: '/admin/promotions',
    service,
    access: 'admin',
    status: 201,
    summary: 'Create a promotion code (percent or amount off; once, N months or forever; its limits)',
    body: promotionCreateBodySchema,
    response: adminPromotionSchema,
  },
  redemptions: {
    method: 'GET',
    path: '/admin/promotions/:id/redemptions',
    service,
    access: 'admin',
    summary: "A code's redemptions, newest first",
    params: promotionIdParamsSchema,
    response: z.array(promotionRedemptionSchema),
  },
  deactivate: {
    method: 'POST',
    path: '/admin/promotions/:id/deactivate',
    service,
    access: 'admin',
    summary: 'Stop a promotion code from being redeemed again',
    params: promotionIdParamsSchema,
    response: adminPromotionSchema,
  },
});
