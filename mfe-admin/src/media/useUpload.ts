import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Upload, type DetailedError } from 'tus-js-client';
import { api, currentLanguage, readSessionToken } from '@catalyst/web-kit';
import { adminStrings } from '../i18n/en';

/** Where uploads go (the gateway streams each chunk to the media service). */
export const uploadEndpoint = () => api.upload.createUpload.url();
/** Each PATCH sends at most this much: a dropped connection costs at most one chunk. */
export const UPLOAD_CHUNK_BYTES = 8 * 1024 * 1024;
/** Waits between tries after a failure (a network drop): the upload goes on from the server's offset. */
const RETRY_DELAYS = [0, 1_000, 3_000, 5_000, 10_000, 20_000, 30_000, 60_000];

export type UploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; sent: number; total: number; resumed: boolean; retrying: boolean }
  | { phase: 'done'; assetId: string }
  | { phase: 'failed'; message: string };

/** The server's own words for a refused upload (the one error shape), else tus-js-client's. */
function messageOf(error: Error): string {
  const body = (error as DetailedError).originalResponse?.getBody();
  if (body) {
    try {
      const parsed = JSON.parse(body) as { message?: string };
      if (parsed.message) return parsed.message;
    } catch {
      // not JSON: fall through
    }
  }
  return /network|failed to fetch/i.test(error.message)
    ? adminStrings.t('media.connectionGone')
    : adminStrings.t('media.uploadFailed');
}

/**
 * A resumable upload over tus (tus-js-client): chunks of 8 MiB, retried after a dropped connection from
 * the offset the server has, and resumable after a closed tab (the browser remembers each file's upload
 * address, so choosing the same file again goes on where it stopped).
 */
export function useUpload(onDone: (assetId: string, file: File) => void) {
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const current = useRef<Upload | null>(null);
  useEffect(() => () => void current.current?.abort(), []);
  // An upload ends long after it started: it tells the page as the page is then.
  const latestOnDone = useRef(onDone);
  useLayoutEffect(() => {
    latestOnDone.current = onDone;
  });

  const start = useCallback(async (file: File) => {
    current.current?.abort();
    const token = readSessionToken();
    const upload = new Upload(file, {
      endpoint: uploadEndpoint(),
      chunkSize: UPLOAD_CHUNK_BYTES,
      retryDelays: RETRY_DELAYS,
      metadata: { filename: file.name, filetype: file.type },
      // the page's language, as web-kit's client sends it: media's refusals come back in it
      headers: {
        'Accept-Language': currentLanguage(),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onShouldRetry: (error, _attempt, options) => {
        const status = (error as DetailedError).originalResponse?.getStatus() ?? 0;
        // The server's refusals (wrong type, too large, not allowed) are final; a lost connection or a 5xx is not.
        if (status >= 400 && status < 500 && status !== 409 && status !== 423 && status !== 429) return false;
        setState((s) => (s.phase === 'uploading' ? { ...s, retrying: true } : s));
        return options.retryDelays !== undefined;
      },
      onProgress: (sent, total) =>
        setState((s) => ({
          phase: 'uploading',
          sent,
          total,
          resumed: s.phase === 'uploading' ? s.resumed : false,
          retrying: false,
        })),
      onSuccess: () => {
        const assetId = upload.url?.split('/').pop() ?? '';
        setState({ phase: 'done', assetId });
        latestOnDone.current(assetId, file);
      },
      onError: (error) => setState({ phase: 'failed', message: messageOf(error) }),
    });
    current.current = upload;
    const previous = await upload.findPreviousUploads().catch(() => []);
    const resumed = previous.length > 0;
    if (resumed) upload.resumeFromPreviousUpload(previous[0]!);
    setState({ phase: 'uploading', sent: 0, total: file.size, resumed, retrying: false });
    upload.start();
  }, []);

  const cancel = useCallback(() => {
    void current.current?.abort(true);
    current.current = null;
    setState({ phase: 'idle' });
  }, []);

  return { state, start, cancel };
}
