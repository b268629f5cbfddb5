import { createService, pingDb } from '@catalyst/service-kit';
import { mountAnalytics } from './analytics/analytics.routes';
import { mountCertificates } from './certificates/certificates.routes';
import type { Deps } from './deps';
import { mountCredentials } from './credentials/credentials.routes';
import { mountEvents } from './events/events.routes';
import { mountInternal } from './internal/internal.routes';
import { mountLearning } from './learning/learning.routes';
import { mountLessons } from './lessons/lessons.routes';
import { mountNotes } from './notes/notes.routes';
import { mountPathProgress } from './paths/paths.routes';
import { mountPlayerSettings } from './player-settings/player-settings.routes';
import { mountProgress } from './progress/progress.routes';
import { mountQuizzes } from './quizzes/quizzes.routes';
import { mountWebhooks } from './webhooks/webhooks.routes';
import { mountXapi } from './xapi/xapi.routes';

export function createApp(deps: Deps) {
  const app = createService({
    name: 'progress',
    log: deps.log,
    internalSecret: deps.config.INTERNAL_SECRET,
    checks: { database: () => pingDb(deps.db) },
    invalidations: deps.invalidations,
  });
  mountProgress(app, deps);
  mountLessons(app, deps);
  mountQuizzes(app, deps);
  mountLearning(app, deps);
  mountNotes(app, deps);
  mountPathProgress(app, deps);
  mountPlayerSettings(app, deps);
  mountCertificates(app, deps);
  mountCredentials(app, deps);
  mountInternal(app, deps);
  mountAnalytics(app, deps);
  mountXapi(app, deps);
  mountEvents(app, deps);
  mountWebhooks(app, deps);
  return app;
}
