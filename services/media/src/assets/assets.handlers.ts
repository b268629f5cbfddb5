import { contentInternalRoutes, MEDIA_MESSAGES, type assetRoutes, type Identity } from '@catalyst/contracts';
import {
  badRequest,
  conflict,
  mediaGrantCookies,
  notFound,
  reply,
  signMediaGrant,
  signStreamToken,
  type MediaViewer,
  type RouteHandlers,
} from '@catalyst/service-kit';
import type { Context } from 'hono';
import type { Deps } from '../deps';
import { keepCaptions } from '../captions/captions';
import { captionsFileUrl, findAsset, listAssets, requestReprocess, toAsset } from './assets.repository';

type Handlers = RouteHandlers<typeof assetRoutes>;

/** The media library: list (with the products that use each) and one asset, a creator's own only; the admin's retry, process again, delete. */
export function createAssetHandlers(deps: Deps): Handlers {
  const { db, config } = deps;
  // An admin previews every asset: tokens signed for them, beside a media grant of their own (admins open everything).
  const tokenFor = (viewer: MediaViewer) => (id: string) =>
    signStreamToken(id, config.INTERNAL_SECRET, viewer, config.STREAM_TOKEN_TTL_SECONDS);
  const grantFor = (viewer: MediaViewer, c: Context) => {
    for (const cookie of mediaGrantCookies(signMediaGrant(viewer, config.INTERNAL_SECRET)))
      c.header('Set-Cookie', cookie, { append: true });
    return tokenFor(viewer);
  };
  const adminViewer = (userId: string): MediaViewer => ({ userId, access: 'plan' });
  const usageOf = (assetIds: string[], requestId: string) =>
    assetIds.length === 0
      ? Promise.resolve({} as Record<string, never[]>)
      : deps.content.call(contentInternalRoutes.mediaUsage, { body: { assetIds } }, { requestId });

  async function requireAsset(id: string) {
    const row = await findAsset(db, id);
    if (!row) throw notFound(MEDIA_MESSAGES.notFound);
    return row;
  }

  /** An asset the caller may see: any for an admin, their own upload for a creator (another's is a 404). */
  async function requireOwnAsset(id: string, caller: Identity) {
    const row = await requireAsset(id);
    if (caller.role !== 'admin' && row.created_by !== caller.id) throw notFound(MEDIA_MESSAGES.notFound);
    return row;
  }

  return {
    async listAssets({ query, identity, requestId }, c) {
      const token = grantFor(adminViewer(identity.id), c);
      const uploadedBy = identity.role === 'admin' ? undefined : identity.id;
      const { rows, total, outdated } = await listAssets(db, { ...query, uploadedBy });
      const usage = await usageOf(
        rows.map((row) => row.id),
        requestId,
      );
      return {
        items: rows.map((row) => ({ ...toAsset(row, token(row.id)), usage: usage[row.id] ?? [] })),
        total,
        page: query.page,
        limit: query.limit,
        outdated,
      };
    },

    getAsset: async ({ params, identity }, c) => {
      const row = await requireOwnAsset(params.id, identity);
      return toAsset(row, grantFor(adminViewer(identity.id), c)(row.id));
    },

    async retryAsset({ params }) {
      const row = await requireAsset(params.id);
      if (row.status !== 'failed') throw badRequest(MEDIA_MESSAGES.notFailed);
      const [again] = await db
        .updateTable('assets')
        .set({ status: 'processing', progress: 0, reason: null, updated_at: new Date() })
        .where('id', '=', row.id)
        .where('status', '=', 'failed')
        .returningAll()
        .execute();
      if (!again) throw conflict('This asset changed meanwhile; reload and try again');
      await deps.jobs.enqueue(row.id);
      return reply(toAsset(again, null), { status: 202, message: 'Processing again' });
    },

    // A ready video encoded again (an older install's ladder, say): it streams its published files
    // meanwhile, and the worker swaps in the new ones only once they are all published.
    async reprocessAsset({ params, identity }, c) {
      const row = await requireAsset(params.id);
      if (row.status !== 'ready' || row.kind !== 'video') throw badRequest(MEDIA_MESSAGES.notReprocessable);
      // Asked twice, it is one request: the update changes nothing (the row read shows it asked, unless
      // another admin asked in between) and the queue keeps one job.
      const [asked] = await requestReprocess(db, { id: row.id });
      await deps.jobs.enqueue(row.id);
      const current = asked ?? (row.reprocess_requested_at ? row : await requireAsset(row.id));
      const token = grantFor(adminViewer(identity.id), c);
      return reply(toAsset(current, token(row.id)), { status: 202, message: 'Processing again' });
    },

    // Every ready video an earlier ladder made (after an upgrade): each is asked as Process again asks.
    async reprocessOutdated() {
      const ids = (await requestReprocess(db, { outdated: true })).map((asked) => asked.id);
      for (const id of ids) await deps.jobs.enqueue(id);
      return reply(
        { queued: ids.length },
        {
          status: 202,
          message:
            ids.length === 0
              ? 'Every video is up to date'
              : `Processing ${ids.length} ${ids.length === 1 ? 'video' : 'videos'} again`,
        },
      );
    },

    // An admin's captions for a video (its lessons show them and their transcript): SRT is kept as WebVTT.
    async putCaptions({ params, body, identity }, c) {
      const { cues } = await keepCaptions(db, deps.storage, params.id, body.text, body.language);
      const token = grantFor(adminViewer(identity.id), c);
      return reply(
        { assetId: params.id, cues, captionsUrl: captionsFileUrl(params.id, token(params.id)) },
        { message: MEDIA_MESSAGES.captionsSaved(cues) },
      );
    },

    async deleteAsset({ params, requestId }) {
      const row = await requireAsset(params.id);
      const users = (await usageOf([row.id], requestId))[row.id] ?? [];
      if (users.length > 0)
        throw conflict(
          MEDIA_MESSAGES.inUse,
          users.map((product) => ({ field: 'products', message: `${product.title} (${product.slug})` })),
        );
      // The row goes first: a stream or a worker that looks again finds nothing, then the bytes go.
      await db.deleteFrom('assets').where('id', '=', row.id).execute();
      await deps.storage.removePrefix(`assets/${row.id}/`);
      await deps.storage.removeUpload(row.id);
      deps.streams.forget(row.id);
      return reply({ id: row.id }, { message: 'Asset deleted' });
    },
  };
}
