import type { Context } from 'hono';
import type { Identity, uploadRoutes } from '@catalyst/contracts';
import type { AppEnv, RouteHandlers } from '@catalyst/service-kit';
import type { UploadServer } from './tus';

type Handlers = RouteHandlers<typeof uploadRoutes>;

/** Every tus request goes to the tus server as it came (its body a stream), after the admin check. */
export function createUploadHandlers(uploads: UploadServer): Handlers {
  const handle = ({ identity }: { identity: Identity }, c: Context<AppEnv>) =>
    uploads.handle(c.req.raw, identity);
  return { createUpload: handle, uploadOffset: handle, appendUpload: handle, cancelUpload: handle };
}
