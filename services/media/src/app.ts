import { uploadRoutes } from '@catalyst/contracts';
import { createService, pingDb, streamedBodyPaths } from '@catalyst/service-kit';
import { mountAssets } from './assets/assets.routes';
import { mountCards } from './cards/cards.routes';
import type { Deps } from './deps';
import { mountDownloads } from './downloads/downloads.routes';
import { mountInternal } from './internal/internal.routes';
import { mountStreams } from './streams/streams.routes';
import { mountUploads } from './uploads/uploads.routes';

export function createApp(deps: Deps) {
  const app = createService({
    name: 'media',
    log: deps.log,
    internalSecret: deps.config.INTERNAL_SECRET,
    checks: { database: () => pingDb(deps.db), storage: () => deps.storage.check().then(() => true) },
    invalidations: deps.invalidations,
    // tus bodies stream to the store; the upload size limit is tus's (MEDIA_MAX_UPLOAD_BYTES).
    streamedBodies: streamedBodyPaths(uploadRoutes),
  });
  mountUploads(app, deps);
  mountAssets(app, deps);
  mountStreams(app, deps);
  mountDownloads(app, deps);
  mountCards(app, deps);
  mountInternal(app, deps);
  return app;
}
