import { apiDocsRoutes } from './api-docs';
import { adminUserRoutes, authInternalRoutes, authRoutes, userRoutes } from './auth';
import { authSsoRoutes } from './auth-sso';
import { adminApiKeyRoutes, apiKeyInternalRoutes, teamApiKeyRoutes } from './auth-api-keys';
import { adminLtiRoutes, ltiInternalRoutes, ltiRoutes } from './auth-lti';
import { billingEventRoutes, billingInternalRoutes, subscriptionRoutes, webhookRoutes } from './billing';
import { adminBillingRoutes, billingAccountRoutes, giftRoutes } from './billing-account';
import { adminPromotionRoutes, planRoutes } from './billing-plans';
import { adminRoyaltyRoutes, earningsRoutes } from './billing-royalties';
import { teamSsoInternalRoutes, teamSsoRoutes } from './billing-team-sso';
import { teamScimRoutes, teamScimTokenRoutes } from './billing-team-scim';
import { teamDomainRoutes, teamJoinLinkRoutes } from './billing-team-domains';
import { teamLearningRoutes } from './billing-team-learning';
import { teamRoutes } from './billing-teams';
import { teamGroupRoutes } from './billing-team-groups';
import {
  discussionRoutes,
  followRoutes,
  liveRoutes,
  moderationRoutes,
  studioQuestionRoutes,
} from './community';
import { notificationRoutes } from './community-notifications';
import { digestRoutes } from './community-digest';
import {
  creatorFollowRoutes,
  creatorLearnerRoutes,
  creatorPageRoutes,
  creatorProfileRoutes,
} from './creator-pages';
import {
  categoryRoutes,
  contentInternalRoutes,
  creatorRoutes,
  curriculumRoutes,
  pathRoutes,
  productRoutes,
  recommendationRoutes,
  reviewRoutes,
  savedRoutes,
  searchRoutes,
  statsRoutes,
} from './content';
import type { RouteDeclaration, RouteTable } from './define';
import { gatewayRoutes } from './gateway';
import {
  assetRoutes,
  cardRoutes,
  downloadRoutes,
  mediaInternalRoutes,
  streamRoutes,
  uploadRoutes,
} from './media';
import { platformRoutes } from './platform';
import { adminWebhookRoutes } from './progress-webhooks';
import {
  certificateRoutes,
  credentialRoutes,
  learningRoutes,
  lessonProgressRoutes,
  noteRoutes,
  pathProgressRoutes,
  playerSettingRoutes,
  progressEventRoutes,
  progressInternalRoutes,
  progressRoutes,
  progressSaveBatchRoutes,
  quizRoutes,
} from './progress';
import { xapiAdminRoutes } from './progress-xapi';
import { releaseRoutes } from './releases';
import {
  analyticsInternalRoutes,
  payingInternalRoutes,
  questionsWaitingInternalRoutes,
  studioAnalyticsRoutes,
} from './studio-analytics';
import { creatorAccountRoutes, reviewQueueRoutes, studioInternalRoutes, studioRoutes } from './studio';

/**
 * Every table of declarations, by name. The gateway routes from them, the OpenAPI document lists them,
 * the security suite builds its access matrix from them, and a test proves each service mounts exactly
 * the ones it owns: a table left out of this list is a route nobody can reach.
 */
export const allRouteTables = {
  authRoutes,
  userRoutes,
  adminUserRoutes,
  authInternalRoutes,
  authSsoRoutes,
  ltiRoutes,
  adminLtiRoutes,
  ltiInternalRoutes,
  adminApiKeyRoutes,
  teamApiKeyRoutes,
  apiKeyInternalRoutes,
  categoryRoutes,
  creatorRoutes,
  creatorPageRoutes,
  creatorProfileRoutes,
  productRoutes,
  curriculumRoutes,
  pathRoutes,
  reviewRoutes,
  savedRoutes,
  recommendationRoutes,
  searchRoutes,
  statsRoutes,
  contentInternalRoutes,
  creatorAccountRoutes,
  studioRoutes,
  reviewQueueRoutes,
  studioInternalRoutes,
  progressRoutes,
  lessonProgressRoutes,
  quizRoutes,
  learningRoutes,
  noteRoutes,
  pathProgressRoutes,
  playerSettingRoutes,
  certificateRoutes,
  credentialRoutes,
  progressInternalRoutes,
  progressSaveBatchRoutes,
  xapiAdminRoutes,
  progressEventRoutes,
  adminWebhookRoutes,
  creatorLearnerRoutes,
  studioAnalyticsRoutes,
  analyticsInternalRoutes,
  payingInternalRoutes,
  questionsWaitingInternalRoutes,
  subscriptionRoutes,
  webhookRoutes,
  billingInternalRoutes,
  billingEventRoutes,
  billingAccountRoutes,
  giftRoutes,
  teamRoutes,
  teamLearningRoutes,
  teamSsoRoutes,
  teamGroupRoutes,
  teamSsoInternalRoutes,
  teamScimTokenRoutes,
  teamScimRoutes,
  teamDomainRoutes,
  teamJoinLinkRoutes,
  adminBillingRoutes,
  planRoutes,
  adminPromotionRoutes,
  earningsRoutes,
  adminRoyaltyRoutes,
  uploadRoutes,
  assetRoutes,
  streamRoutes,
  downloadRoutes,
  cardRoutes,
  mediaInternalRoutes,
  discussionRoutes,
  followRoutes,
  creatorFollowRoutes,
  liveRoutes,
  moderationRoutes,
  studioQuestionRoutes,
  gatewayRoutes,
  releaseRoutes,
  platformRoutes,
  notificationRoutes,
  digestRoutes,
  apiDocsRoutes,
} satisfies Record<string, RouteTable>;

/** Every declaration, in the tables' order. */
export const allRoutes: readonly RouteDeclaration[] = Object.values(allRouteTables).flatMap(
  (table): RouteDeclaration[] => Object.values(table),
);

/** The declarations the gateway routes under /api/v1: everything but service-to-service routes. */
export const apiRoutes: readonly RouteDeclaration[] = allRoutes.filter(
  (route) => route.access !== 'internal' && route.service !== 'every',
);
