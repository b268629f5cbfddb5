import type { RevisionSummary } from '@catalyst/contracts';
import { Badge, type BadgeTone, useStrings } from '@catalyst/web-kit';
import { consoleStrings } from '../../i18n/console/en';

type ReviewStatus = RevisionSummary['status'];

const LABELS = {
  draft: 'studio.status.draft',
  in_review: 'studio.status.inReview',
  changes_requested: 'studio.status.changesRequested',
  approved: 'studio.status.approved',
} as const satisfies Record<ReviewStatus, string>;
const TONES: Record<ReviewStatus, BadgeTone> = {
  draft: 'neutral',
  in_review: 'info',
  changes_requested: 'warning',
  approved: 'success',
};

/** Where a draft stands in review, in words (the colour only repeats them). */
export function ReviewStatusBadge({ status }: { status: ReviewStatus }) {
  const t = useStrings(consoleStrings);
  return <Badge tone={TONES[status]}>{t(LABELS[status])}</Badge>;
}
