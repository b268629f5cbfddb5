// Live boards in tests: a webinar in the test catalogue and a media stand-in for recordings (event streams: ../streams/stream-test-support).
import { mediaInternalRoutes, type MediaAssetFacts, type ProductSummary } from '@catalyst/contracts';
import { notFound } from '@catalyst/service-kit';
import { createPeerStandIn } from '@catalyst/service-kit/testing';

export { listen, openEvents, type SseFrame } from '../streams/stream-test-support';

export const webinar: ProductSummary = {
  _id: '11111111111111111111aa09',
  productId: 'WEBINAR1',
  slug: 'react-live-qa',
  title: 'React Live Q&A',
  thumbnail: null,
  duration: 60,
  type: 'webinar',
  categoryId: '22222222222222222222bb01',
  creatorId: '33333333333333333333cc01',
  isPublished: true,
  price: 19.99,
};

export const recordingId = '00000000000000000000a0f1';

/** Media answering the facts of one ready recording. */
export async function mediaStandIn() {
  const facts: MediaAssetFacts = {
    id: recordingId,
    kind: 'video',
    status: 'ready',
    originalName: 'live.mp4',
    mimeType: 'video/mp4',
    size: 1_048_576,
    durationSeconds: 3_600,
    renditions: [{ height: 720, bandwidth: 2_928_000 }],
    hasPoster: true,
    hasStoryboard: false,
  };
  return (await createPeerStandIn()).answer(mediaInternalRoutes.assetFacts, ({ params }) => {
    if (params.id !== recordingId) throw notFound('Asset not found');
    return facts;
  });
}
