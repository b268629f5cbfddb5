import { useEffect, useState } from 'react';
import type { ProductDetail } from '@catalyst/contracts';
import { api } from '@catalyst/web-kit';

/** The media grant lasts 10 minutes and a signed address 20 to 30: both are renewed well before. */
export const MEDIA_RENEW_MS = 4 * 60_000;

/**
 * Keeps a premium video playable for as long as the page is open: the product is read again every few
 * minutes (and when the tab comes back), which renews the viewer's media grant cookie and gives a fresh
 * signed address when the old one nears its end. A refusal (signed out, plan ended) simply stops renewing.
 */
export function useRenewedVideoUrl(product: ProductDetail, everyMs = MEDIA_RENEW_MS): string | null {
  const [videoUrl, setVideoUrl] = useState(product.videoUrl);
  useEffect(() => {
    setVideoUrl(product.videoUrl);
    if (!product.videoUrl) return;
    const renew = () =>
      api.product
        .getPremium({ params: { idOrSlug: product._id } })
        .then((fresh) => fresh.videoUrl && setVideoUrl(fresh.videoUrl))
        .catch(() => undefined);
    const timer = setInterval(renew, everyMs);
    const onVisible = () => document.visibilityState === 'visible' && void renew();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [product._id, product.videoUrl, everyMs]);
  return videoUrl;
}
