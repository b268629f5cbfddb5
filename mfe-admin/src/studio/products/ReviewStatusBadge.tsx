import type { RevisionSummary } from '@catalyst/contracts';
import { Badge, type BadgeTone } from '@catalyst/web-kit';

type ReviewStatus = RevisionSummary['status'];

export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  draft: 'Draft',
  in_review: 'In review',
  changes_requested: 'Changes requested',
  approved: 'Approved',
};
const TONES: Record<ReviewStatus, BadgeTone> = {
  draft: 'neutral',
  in_review: 'info',
  changes_requested: 'warning',
  approved: 'success',
};

/** Where a draft stands in review, in words (the colour only repeats them). */
export function ReviewStatusBadge({ status }: { status: ReviewStatus }) {
  return <Badge tone={TONES[status]}>{REVIEW_STATUS_LABELS[status]}</Badge>;
}
