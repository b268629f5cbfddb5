import type { PostStatus } from '@catalyst/contracts';
import { Badge, lessonPath, productPath } from '@catalyst/web-kit';
import own from './Moderation.module.css';

/** Where a thread lives: its product's page, or its lesson's. */
export const threadPagePath = ({ productId, lessonId }: { productId: string; lessonId: string | null }) =>
  lessonId ? lessonPath(productId, lessonId) : productPath({ _id: productId });

export interface ThreadLinkProps {
  entry: { title: string; productId: string; lessonId: string | null };
  /** Asked on each render: true takes focus (the row's button the dialog would return to is gone). */
  focusWhen?: () => boolean;
}

/** A thread's title, linking to the page it is on (a new tab, so the moderator keeps their place). */
export function ThreadLink({ entry, focusWhen }: ThreadLinkProps) {
  return (
    <a
      ref={(link) => {
        if (link && focusWhen?.()) link.focus();
      }}
      className={own.threadTitle}
      href={threadPagePath(entry)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`${entry.title} (opens in a new tab)`}
    >
      {entry.title}
    </a>
  );
}

export function PostStatusBadge({ status }: { status: PostStatus }) {
  if (status === 'hidden') return <Badge tone="warning">Hidden</Badge>;
  if (status === 'deleted') return <Badge tone="danger">Deleted</Badge>;
  return <Badge tone="success">Visible</Badge>;
}
