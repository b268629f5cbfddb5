import { useEffect, useEffectEvent, useState } from 'react';
import type { ProductDetail, ProductStream } from '@catalyst/contracts';
import { api } from '@catalyst/web-kit';

/** The media grant lasts 10 minutes and a signed address 20 to 30: both are renewed well before. */
export const MEDIA_RENEW_MS = 4 * 60_000;

/** A video's addresses as the server signs them (a product's or a lesson's). */
export interface SignedMedia {
  videoUrl: string | null;
  stream: ProductStream | null;
}

/** A video's renewed addresses, beside the addresses (and the video) they renew. */
interface Renewal {
  key: string;
  from: SignedMedia;
  media: SignedMedia;
}

/** The renewed addresses, if `renewal` renews these addresses of this video; undefined for any other. */
const renewalOf = (renewal: Renewal | null, key: string, from: SignedMedia): SignedMedia | undefined =>
  renewal !== null &&
  renewal.key === key &&
  renewal.from.videoUrl === from.videoUrl &&
  renewal.from.stream === from.stream
    ? renewal.media
    : undefined;

/**
 * Keeps a signed video playable for as long as the page is open: what answers it (`readFresh`) is read
 * again every few minutes (and when the tab comes back), which renews the viewer's media grant cookie and
 * gives a fresh signed address (and stream token) when the old one nears its end. A refusal (signed out,
 * plan ended) simply stops renewing. `key` names the video: a new key starts from its own addresses.
 */
export function useSignedMedia(
  key: string,
  media: SignedMedia,
  readFresh: () => Promise<SignedMedia>,
  everyMs = MEDIA_RENEW_MS,
): SignedMedia {
  // Renewals of this video's addresses, kept beside the addresses they renew: the render that brings new
  // addresses (another lesson, a fresh answer) shows them at once, never the last video's for a render.
  const [renewed, setRenewed] = useState<Renewal | null>(null);
  const current = renewalOf(renewed, key, media) ?? media;
  const readNow = useEffectEvent(() => readFresh());
  useEffect(() => {
    if (!media.videoUrl && !media.stream) return;
    const from: SignedMedia = { videoUrl: media.videoUrl, stream: media.stream };
    const renew = () =>
      readNow()
        .then((fresh) =>
          setRenewed((last) => {
            const base = renewalOf(last, key, from) ?? from;
            return {
              key,
              from,
              media: {
                videoUrl: fresh.videoUrl ?? base.videoUrl,
                // A stream that became ready meanwhile waits for the next visit: switching would restart the lesson.
                stream:
                  fresh.stream && fresh.stream.assetId === from.stream?.assetId ? fresh.stream : base.stream,
              },
            };
          }),
        )
        .catch(() => undefined);
    const timer = setInterval(renew, everyMs);
    const onVisible = () => document.visibilityState === 'visible' && void renew();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [key, media.videoUrl, media.stream, everyMs]);
  return current;
}

/** A product page's video, renewed by reading the product again. */
export function useRenewedMedia(product: ProductDetail, everyMs = MEDIA_RENEW_MS): SignedMedia {
  return useSignedMedia(
    product._id,
    product,
    () => api.product.getPremium({ params: { idOrSlug: product._id } }),
    everyMs,
  );
}
