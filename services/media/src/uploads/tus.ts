import { EVENTS, Server, type Upload } from '@tus/server';
import { MEDIA_KIND_WORDS, MEDIA_MESSAGES, routeUrl, uploadRoutes, type Identity } from '@catalyst/contracts';
import { languageOfHeader, newObjectId, translateMessage, type Logger } from '@catalyst/service-kit';
import type { Language } from '@catalyst/contracts/languages';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { MediaJobs } from '../jobs/queue';
import { StorageUnavailableError, type MediaStorage } from '../storage';
import { kindOfMime, kindOfName, sniff, SNIFF_BYTES } from './sniff';

/** The uploads' declared path, as media sees it (the gateway strips API_PREFIX). */
const UPLOADS_PATH = uploadRoutes.createUpload.path;
/** An upload's own path, its id last. */
const UPLOAD_ID = new RegExp(`${UPLOADS_PATH}/([0-9a-f]{24})$`);

/** The longest file name an upload may have. */
const MAX_NAME_LENGTH = 255;

/** A refusal in the one error shape (tus itself answers in plain text). */
const refusal = (status: number, message: string) => ({
  status_code: status,
  body: JSON.stringify({ success: false, message }),
});

export const formatBytes = (bytes: number) =>
  bytes >= 1024 ** 3 ? `${+(bytes / 1024 ** 3).toFixed(1)} GiB` : `${+(bytes / 1024 ** 2).toFixed(1)} MiB`;

export interface UploadServer {
  /** Answers one tus request (the caller is an admin: the route's access rule ran first). */
  handle(request: Request, caller: Identity): Promise<Response>;
}

/**
 * The tus server (@tus/server) over the configured storage: creation checks the claimed name and type
 * and the size limit, every PATCH appends at the offset the store knows (so a cut connection resumes
 * where it stopped), and the finished upload's first bytes decide what it really is before it is queued
 * for processing. The asset row follows the upload: `uploading` (with bytes received) → `processing`.
 */
export function createUploadServer({
  db,
  storage,
  jobs,
  log,
  maxBytes,
}: {
  db: Kysely<Database>;
  storage: MediaStorage;
  jobs: MediaJobs;
  log: Logger;
  maxBytes: number;
}): UploadServer {
  const callers = new WeakMap<Request, Identity>();

  const server = new Server({
    path: UPLOADS_PATH,
    datastore: storage.uploads,
    maxSize: maxBytes,
    // An asset id is the upload's id: 24 hex characters like every other id.
    namingFunction: () => newObjectId(),
    // Where browsers reach the upload: through the gateway, under API_PREFIX.
    generateUrl: (_req, { id }) => routeUrl(uploadRoutes.appendUpload, { params: { id } }),
    getFileIdFromRequest: (req) => UPLOAD_ID.exec(new URL(req.url).pathname)?.[1],
    respectForwardedHeaders: false,
    postReceiveInterval: 1_000,

    async onUploadCreate(req, upload) {
      const name = (upload.metadata?.filename ?? '').trim();
      if (!name) throw refusal(400, 'Upload-Metadata must name the file (filename)');
      if (name.length > MAX_NAME_LENGTH) throw refusal(400, MEDIA_MESSAGES.fileNameTooLong(MAX_NAME_LENGTH));
      if (upload.sizeIsDeferred || upload.size === undefined)
        throw refusal(400, 'Upload-Length is required: say how large the file is');
      const claimedMime = (upload.metadata?.filetype ?? '').trim();
      const kind = kindOfMime(claimedMime) ?? kindOfName(name);
      if (!kind) throw refusal(415, MEDIA_MESSAGES.unsupportedType);
      await db
        .insertInto('assets')
        .values({
          id: upload.id,
          kind,
          original_name: name,
          mime_type: claimedMime || 'application/octet-stream',
          size: upload.size,
          status: 'uploading',
          created_by: callers.get(req)?.id ?? null,
        })
        .execute();
      return {};
    },

    async onUploadFinish(_req, upload) {
      const asset = await db
        .selectFrom('assets')
        .select(['kind', 'original_name'])
        .where('id', '=', upload.id)
        .executeTakeFirst();
      if (!asset) throw refusal(404, MEDIA_MESSAGES.notFound);
      const found = await sniff(await storage.readUploadHead(upload.id, SNIFF_BYTES));
      const refuse = async (message: string) => {
        await storage.removeUpload(upload.id);
        await db.deleteFrom('assets').where('id', '=', upload.id).execute();
        return refusal(415, message);
      };
      if (!found) return refuse(MEDIA_MESSAGES.unsupportedType);
      if (asset.kind && found.kind !== asset.kind)
        return refuse(
          MEDIA_MESSAGES.typeMismatch(MEDIA_KIND_WORDS[asset.kind], MEDIA_KIND_WORDS[found.kind]),
        );
      await db
        .updateTable('assets')
        .set({
          kind: found.kind,
          mime_type: found.mime,
          received: upload.size ?? 0,
          status: 'processing',
          progress: 0,
          updated_at: new Date(),
        })
        .where('id', '=', upload.id)
        .where('status', '=', 'uploading')
        .execute();
      await jobs.enqueue(upload.id);
      return {};
    },

    onResponseError(_req, error) {
      // The store failed (disk full or unwritable, bucket unreachable): a clear 503, never tus's bare 500.
      if (
        error instanceof StorageUnavailableError ||
        typeof (error as NodeJS.ErrnoException).code === 'string' ||
        (error as { $metadata?: unknown }).$metadata
      ) {
        log.error({ err: (error as Error).message }, 'upload storage failed');
        return refusal(503, MEDIA_MESSAGES.storageUnavailable);
      }
      if ('status_code' in error && error.status_code === 413)
        return refusal(413, MEDIA_MESSAGES.tooLarge(formatBytes(maxBytes)));
      return undefined;
    },
  });

  // Bytes received so far, for the admin's list (at most once a second per upload).
  server.on(EVENTS.POST_RECEIVE, (_req: unknown, upload: Upload) => {
    void db
      .updateTable('assets')
      .set({ received: upload.offset, updated_at: new Date() })
      .where('id', '=', upload.id)
      .where('status', '=', 'uploading')
      .execute()
      .catch((error: Error) =>
        log.warn({ assetId: upload.id, err: error.message }, 'upload progress not recorded'),
      );
  });

  return {
    async handle(request, caller) {
      callers.set(request, caller);
      const answer = await server.handleWeb(request);
      if (request.method === 'DELETE' && answer.status === 204) {
        const id = /([0-9a-f]{24})$/.exec(new URL(request.url).pathname)?.[1];
        if (id)
          await db.deleteFrom('assets').where('id', '=', id).where('status', '=', 'uploading').execute();
      }
      // A refused PATCH leaves its chunk unread: read it off (up to a chunk's size) so the connection can
      // carry the answer back through the gateway instead of being cut mid-send.
      if (answer.status >= 400) await drain(request);
      return inOneErrorShape(answer, languageOfHeader(request.headers.get('accept-language')));
    },
  };
}

const DRAIN_LIMIT_BYTES = 16 * 1024 * 1024;

async function drain(request: Request) {
  if (!request.body || request.body.locked) return;
  const reader = request.body.getReader();
  let read = 0;
  const deadline = setTimeout(() => void reader.cancel().catch(() => undefined), 10_000);
  try {
    while (read < DRAIN_LIMIT_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      read += value.byteLength;
    }
  } catch {
    // the client went away: nothing left to read
  } finally {
    clearTimeout(deadline);
    if (read >= DRAIN_LIMIT_BYTES) void reader.cancel().catch(() => undefined);
  }
}

/**
 * tus's own refusals are plain text: they are given in the one error shape, keeping tus's headers. Ours are said
 * in the language the page asked for; tus's own (its protocol's, such as a wrong offset) stay as tus wrote them.
 */
async function inOneErrorShape(answer: Response, language: Language): Promise<Response> {
  if (answer.status < 400) return answer;
  const text = await answer.text();
  let body = text;
  try {
    const parsed = JSON.parse(text) as { success?: boolean; message?: unknown };
    if (parsed.success !== false) throw new Error('not the error shape');
    if (typeof parsed.message === 'string' && language !== 'en')
      body = JSON.stringify({ ...parsed, message: translateMessage(language, parsed.message) });
  } catch {
    body = JSON.stringify({ success: false, message: text.trim() || `Upload refused (${answer.status})` });
  }
  const headers = new Headers(answer.headers);
  headers.set('content-type', 'application/json; charset=utf-8');
  headers.delete('content-length');
  return new Response(body, { status: answer.status, headers });
}
