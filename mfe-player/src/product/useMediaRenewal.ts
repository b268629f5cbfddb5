import { useEffect, useState } from 'react';
import type { ProductDetail, ProductStream } from '@catalyst/contracts';
import { api } from '@catalyst/web-kit';

/** The media grant lasts 10 minutes and a signed address 20 to 30: both are renewed well before. */
export const MEDIA_RENEW_MS = 4 * 60_000;

/**
 * Keeps a premium video playable for as long as the page is open: the product is read again every few
 * minutes (and when the tab comes back), which renews the viewer's media grant cookie and gives a fresh
 * signed address (and stream token) when the old one nears its end. A refusal (signed out, plan ended) simply stops renewing.
 */
export function useRenewedMedia(product: ProductDetail, everyMs = MEDIA_RENEW_MS): { videoUrl: string | null; stream: ProductStream | null } {
  const [videoUrl, setVideoUrl] = useState(product.videoUrl);
  // The stream's token is renewed the same way (the player puts the newest one on every request).
  const [stream, setStream] = useState(product.stream);
  useEffect(() => {
    setVideoUrl(product.videoUrl);
    setStream(product.stream);
    if (!product.videoUrl && !product.stream) return;
    const renew = () =>
      api.product
        .getPremium({ params: { idOrSlug: product._id } })
        .then((fresh) => {
          if (fresh.videoUrl) setVideoUrl(fresh.videoUrl);
          // A stream that became ready meanwhile waits for the next visit: switching would restart the lesson.
          if (fresh.stream && fresh.stream.assetId === product.stream?.assetId) setStream(fresh.stream);
        })
        .catch(() => undefined);
    const timer = setInterval(renew, everyMs);
    const onVisible = () => document.visibilityState === 'visible' && void renew();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [product._id, product.videoUrl, product.stream, everyMs]);
  return { videoUrl, stream };
}
