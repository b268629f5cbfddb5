import { memo } from 'react';
import { CommunitySection } from './CommunitySection';
import { renderRecording } from './recording';

// The community parts the product page and the course page both show, memoised: a page renders again for each
// answer it gets (the progress, the lesson, the notes), these only when the product or the lesson changes.

/** A webinar's live session (nothing when none is scheduled), loaded after the first paint. */
export const LiveSession = memo(function LiveSession({ productId }: { productId: string }) {
  return <CommunitySection module="LiveBoard" whenNearView={false} props={{ productId, renderRecording }} />;
});

/** The questions and answers on a product, or on one lesson of a course. */
export const Discussion = memo(function Discussion({
  productId,
  lessonId,
}: {
  productId: string;
  lessonId?: string;
}) {
  return (
    <CommunitySection
      module="Discussion"
      props={{ target: lessonId ? { productId, lessonId } : { productId } }}
    />
  );
});
