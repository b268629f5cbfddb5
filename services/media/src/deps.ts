import {
  createInvalidations,
  createPeer,
  type Invalidations,
  type Peer,
  type ServiceBaseDeps,
} from '@catalyst/service-kit';
import type { Config } from './config';
import type { Database } from './db/schema';
import type { MediaJobs } from './jobs/queue';
import type { MediaStorage } from './storage';
import { createStreamServer, type StreamServer } from './streams/streams';
import { createUploadServer, type UploadServer } from './uploads/tus';

/** What the process provides (main.ts; tests build their own): the usual pieces, the store and the job queue. */
export interface BaseDeps extends ServiceBaseDeps<Config, Database> {
  storage: MediaStorage;
  jobs: MediaJobs;
}

/** Everything media's handlers use, built once from the process's pieces. */
export interface Deps extends BaseDeps {
  content: Peer;
  uploads: UploadServer;
  streams: StreamServer;
  invalidations: Invalidations;
}

export function createDeps(base: BaseDeps): Deps {
  const { config, db, storage, jobs, log, broadcast } = base;
  return {
    ...base,
    content: createPeer({ baseUrl: config.CONTENT_URL, secret: config.INTERNAL_SECRET }),
    uploads: createUploadServer({ db, storage, jobs, log, maxBytes: config.MEDIA_MAX_UPLOAD_BYTES }),
    streams: createStreamServer({ db, storage, secret: config.INTERNAL_SECRET }),
    invalidations: createInvalidations({ broadcast, log }),
  };
}
