import { SCIM_PATH_PREFIX } from '@catalyst/contracts';
import { createService, pingDb } from '@catalyst/service-kit';
import { mountBillingAccount } from './account/account.routes';
import { mountAdminBilling } from './admin/admin.routes';
import type { Deps } from './deps';
import { mountEvents } from './events/events.routes';
import { mountGifts } from './gifts/gifts.routes';
import { mountInternal } from './internal/internal.routes';
import { mountPaying } from './paying/paying.routes';
import { mountPlans } from './plans/plans.routes';
import { mountPromotions } from './promotions/promotions.routes';
import { mountRoyalties } from './royalties/royalties.routes';
import { mountSubscriptions } from './subscriptions/subscriptions.routes';
import { mountTeamDomains } from './team-domains/team-domains.routes';
import { mountTeamJoinLink } from './team-join-link/team-join-link.routes';
import { mountTeamLearning } from './team-learning/team-learning.routes';
import { mountTeamGroups } from './team-groups/team-groups.routes';
import { scimRefusalAnswer } from './team-scim/scim-answers';
import { mountTeamScim } from './team-scim/team-scim.routes';
import { mountTeamSso } from './team-sso/team-sso.routes';
import { mountTeams } from './teams/teams.routes';
import { mountWebhooks } from './webhooks/webhooks.routes';

export function createApp(deps: Deps) {
  const app = createService({
    name: 'billing',
    log: deps.log,
    internalSecret: deps.config.INTERNAL_SECRET,
    checks: { database: () => pingDb(deps.db) },
    foreignErrors: { prefix: SCIM_PATH_PREFIX, render: scimRefusalAnswer },
  });
  mountPlans(app, deps);
  mountSubscriptions(app, deps);
  mountPromotions(app, deps);
  mountBillingAccount(app, deps);
  mountGifts(app, deps);
  mountTeamLearning(app, deps);
  mountTeamJoinLink(app, deps);
  mountTeams(app, deps);
  mountTeamDomains(app, deps);
  mountTeamSso(app, deps);
  mountTeamScim(app, deps);
  mountAdminBilling(app, deps);
  mountRoyalties(app, deps);
  mountWebhooks(app, deps);
  mountTeamGroups(app, deps);
  mountInternal(app, deps);
  mountPaying(app, deps);
  mountEvents(app, deps);
  return app;
}
