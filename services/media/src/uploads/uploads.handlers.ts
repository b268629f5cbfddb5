import type { Context } from 'hono';
import { MEDIA_MESSAGES, type Identity, type uploadRoutes } from '@catalyst/contracts';
import { notFound, type AppEnv, type RouteHandlers } from '@catalyst/service-kit';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { UploadServer } from './tus';

type Handlers = RouteHandlers<typeof uploadRoutes>;

/**
 * Every tus request goes to the tus server as it came (its body a stream), after the access check: an admin or a
 * creator starts one; resuming, sending and abandoning an upload is its uploader's (or an admin's), another's a 404.
 */
export function createUploadHandlers(uploads: UploadServer, db: Kysely<Database>): Handlers {
  const handle = ({ identity }: { identity: Identity }, c: Context<AppEnv>) =>
    uploads.handle(c.req.raw, identity);
  const handleOwn = async (
    { identity, params }: { identity: Identity; params: { id: string } },
    c: Context<AppEnv>,
  ) => {
    if (identity.role !== 'admin') {
      const asset = await db
        .selectFrom('assets')
        .select('created_by')
        .where('id', '=', params.id)
        .executeTakeFirst();
      if (asset && asset.created_by !== identity.id) throw notFound(MEDIA_MESSAGES.notFound);
    }
    return uploads.handle(c.req.raw, identity);
  };
  return { createUpload: handle, uploadOffset: handleOwn, appendUpload: handleOwn, cancelUpload: handleOwn };
}
