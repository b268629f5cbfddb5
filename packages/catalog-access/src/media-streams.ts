import {
  mediaInternalRoutes,
  streamRoutes,
  routeUrl,
  type MediaAssetFacts,
  type ProductStream,
} from '@catalyst/contracts';
import { signStreamToken, TtlLru, type Logger, type MediaAudience, type Peer } from '@catalyst/service-kit';

/** A product page's adaptive stream, when its uploaded video is ready. */
export interface MediaStreams {
  /**
   * The stream (addresses carrying a fresh token for `audience`: the viewer the caller found may watch it,
   * or anyone for a visitor's free preview) of a ready video asset; null while it processes, or when media cannot say.
   */
  forProduct(
    assetId: string | null,
    audience: MediaAudience,
    requestId?: string,
  ): Promise<ProductStream | null>;
}

/** A ready asset's facts are kept a minute; one still processing is asked again after a few seconds. */
const READY_MS = 60_000;
const PENDING_MS = 5_000;

/**
 * Asks media what it knows of an asset and signs its stream token here (the calling service decides who may
 * watch: content for products, community for live recordings). Media being down or slow never fails the
 * page asking: it goes on without the stream.
 */
export function createMediaStreams({
  media,
  secret,
  log,
}: {
  media: Peer;
  secret: string;
  log: Logger;
}): MediaStreams {
  const facts = new TtlLru<string, MediaAssetFacts | null>(2_000, READY_MS);

  async function factsOf(assetId: string, requestId?: string): Promise<MediaAssetFacts | null> {
    const kept = facts.get(assetId);
    if (kept !== undefined) return kept;
    try {
      const value = await media.call(
        mediaInternalRoutes.assetFacts,
        { params: { id: assetId } },
        { requestId, timeoutMs: 1_500 },
      );
      facts.set(assetId, value, Date.now(), value.status === 'ready' ? READY_MS : PENDING_MS);
      return value;
    } catch (error) {
      log.warn(
        { assetId, requestId, err: (error as Error).message },
        'media asset unknown or media unreachable: the video URL plays',
      );
      facts.set(assetId, null, Date.now(), PENDING_MS);
      return null;
    }
  }

  return {
    async forProduct(assetId, audience, requestId) {
      if (!assetId) return null;
      const asset = await factsOf(assetId, requestId);
      if (!asset || asset.status !== 'ready' || asset.kind !== 'video') return null;
      const token = signStreamToken(asset.id, secret, audience);
      const file = (name: string) =>
        routeUrl(streamRoutes.streamFile, { params: { id: asset.id, file: name }, query: { token } });
      return {
        assetId: asset.id,
        url: file('master.m3u8'),
        posterUrl: asset.hasPoster ? file('poster.jpg') : null,
        storyboardUrl: asset.hasStoryboard ? file('storyboard.vtt') : null,
        // an admin's captions for the video (a lesson's transcript reads them too)
        captionsUrl: asset.hasCaptions ? file('captions.vtt') : null,
        captionsLanguage: asset.hasCaptions ? (asset.captionsLanguage ?? null) : null,
        renditions: asset.renditions,
        durationSeconds: asset.durationSeconds,
      };
    },
  };
}
