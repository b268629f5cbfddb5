import { createService, pingDb } from '@catalyst/service-kit';
import type { Deps } from './deps';
import { mountDiscussions } from './discussions/discussions.routes';
import { mountLive } from './live/live.routes';
import { mountModeration } from './moderation/moderation.routes';
import { mountFollows } from './notifications/follows.routes';
import { mountInbox } from './notifications/inbox.routes';
import { mountCreatorFollows } from './creator-follows/creator-follows.routes';
import { mountDigest } from './digest/digest.routes';
import { mountQuestionsWaiting } from './questions-waiting/questions-waiting.routes';
import { mountStudioQuestions } from './studio-questions/studio-questions.routes';

export function createApp(deps: Deps) {
  const app = createService({
    name: 'community',
    log: deps.log,
    internalSecret: deps.config.INTERNAL_SECRET,
    checks: { database: () => pingDb(deps.db) },
    invalidations: deps.invalidations,
  });
  mountDiscussions(app, deps);
  mountModeration(app, deps);
  mountFollows(app, deps);
  mountInbox(app, deps);
  mountDigest(app, deps);
  mountCreatorFollows(app, deps);
  mountLive(app, deps);
  mountQuestionsWaiting(app, deps);
  mountStudioQuestions(app, deps);
  return app;
}
