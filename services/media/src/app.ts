import { mediaRoutes } from '@catalyst/contracts';
import { createService, mountRoutes, pingDb, streamedBodyPaths } from '@catalyst/service-kit';
import { createAssetHandlers } from './assets/assets.handlers';
import type { Deps } from './deps';
import { createDownloadHandlers } from './downloads/downloads.handlers';
import { mountInternal } from './internal/internal.routes';
import { createUploadHandlers } from './uploads/uploads.handlers';

export function createApp(deps: Deps) {
  const app = createService({
    name: 'media',
    log: deps.log,
    internalSecret: deps.config.INTERNAL_SECRET,
    checks: { database: () => pingDb(deps.db), storage: () => deps.storage.check().then(() => true) },
    invalidations: deps.invalidations,
    // tus bodies stream to the store; the upload size limit is tus's (MEDIA_MAX_UPLOAD_BYTES).
    streamedBodies: streamedBodyPaths(mediaRoutes),
  });
  mountRoutes(app, mediaRoutes, {
    ...createUploadHandlers(deps.uploads),
    ...createAssetHandlers(deps),
    ...deps.streams.handlers,
    ...createDownloadHandlers(deps),
  });
  mountInternal(app, deps);
  return app;
}
