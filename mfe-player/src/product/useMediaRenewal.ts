import { useEffect, useRef, useState } from 'react';
import type { ProductDetail, ProductStream } from '@catalyst/contracts';
import { api } from '@catalyst/web-kit';

/** The media grant lasts 10 minutes and a signed address 20 to 30: both are renewed well before. */
export const MEDIA_RENEW_MS = 4 * 60_000;

/** A video's addresses as the server signs them (a product's or a lesson's). */
export interface SignedMedia {
  videoUrl: string | null;
  stream: ProductStream | null;
}

/**
 * Keeps a signed video playable for as long as the page is open: what answers it (`readFresh`) is read
 * again every few minutes (and when the tab comes back), which renews the viewer's media grant cookie and
 * gives a fresh signed address (and stream token) when the old one nears its end. A refusal (signed out,
 * plan ended) simply stops renewing. `key` names the video: a new key starts from its own addresses.
 */
export function useSignedMedia(key: string, media: SignedMedia, readFresh: () => Promise<SignedMedia>, everyMs = MEDIA_RENEW_MS): SignedMedia {
  const [videoUrl, setVideoUrl] = useState(media.videoUrl);
  // The stream's token is renewed the same way (the player puts the newest one on every request).
  const [stream, setStream] = useState(media.stream);
  const read = useRef(readFresh);
  read.current = readFresh;
  useEffect(() => {
    setVideoUrl(media.videoUrl);
    setStream(media.stream);
    if (!media.videoUrl && !media.stream) return;
    const renew = () =>
      read
        .current()
        .then((fresh) => {
          if (fresh.videoUrl) setVideoUrl(fresh.videoUrl);
          // A stream that became ready meanwhile waits for the next visit: switching would restart the lesson.
          if (fresh.stream && fresh.stream.assetId === media.stream?.assetId) setStream(fresh.stream);
        })
        .catch(() => undefined);
    const timer = setInterval(renew, everyMs);
    const onVisible = () => document.visibilityState === 'visible' && void renew();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [key, media.videoUrl, media.stream, everyMs]);
  return { videoUrl, stream };
}

/** A product page's video, renewed by reading the product again. */
export function useRenewedMedia(product: ProductDetail, everyMs = MEDIA_RENEW_MS): SignedMedia {
  return useSignedMedia(product._id, product, () => api.product.getPremium({ params: { idOrSlug: product._id } }), everyMs);
}
