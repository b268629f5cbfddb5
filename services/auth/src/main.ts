import { progressEventRoutes } from '@catalyst/contracts';
import { mailerFromConfig } from '@catalyst/service-kit';
import { runService } from '@catalyst/service-kit/service';
import { createApp } from './app';
import { loadConfig } from './config';
import { createDeps } from './deps';
import { startGradePassback } from './lti/grade-passback';
import { database, ensureFirstAdmin } from './setup';

await runService({
  name: 'auth',
  loadConfig,
  database,
  start: async (context) => {
    const { config, db, log } = context;
    const deps = createDeps({ ...context, mailer: mailerFromConfig(config, log) });
    if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
      await ensureFirstAdmin(
        db,
        { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD, name: config.ADMIN_NAME },
        log,
        deps.users,
      );
    }
    if (!config.SMTP_URL)
      log.info(
        { outbox: config.OUTBOX_DIR },
        'SMTP_URL is not set: e-mails go to the log and the outbox folder',
      );
    const prune = setInterval(
      () =>
        void deps.sessions
          .prune()
          .catch((error) => log.warn({ err: String(error) }, 'session pruning failed')),
      60 * 60 * 1000,
    );
    prune.unref();
    // LTI grade passback: completions and quiz scores from progress's feed, sent to the platforms' line items.
    const passback = startGradePassback({
      db,
      toolKeys: deps.lti.toolKeys,
      log,
      allowLoopbackHttp: config.SSO_ALLOW_LOOPBACK_HTTP,
      readProgressEvents: async (after, limit) =>
        (await deps.peers.progress.call(progressEventRoutes.events, { query: { after, limit } })).events,
    });
    return {
      app: createApp(deps),
      onClose: [
        async () => clearInterval(prune),
        () => passback.stop(),
        // Queued reset links and e-mails are written before the database closes.
        () => deps.background.settled(),
      ],
    };
  },
});
