import type { PostStatus } from '@catalyst/contracts';
import { Badge, lessonPath, productPath, useStrings } from '@catalyst/web-kit';
import { consoleStrings } from '../i18n/console/en';
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
  const t = useStrings(consoleStrings);
  return (
    <a
      ref={(link) => {
        if (link && focusWhen?.()) link.focus();
      }}
      className={own.threadTitle}
      href={threadPagePath(entry)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('moderation.newTab', { title: entry.title })}
    >
      {entry.title}
    </a>
  );
}

export function PostStatusBadge({ status }: { status: PostStatus }) {
  const t = useStrings(consoleStrings);
  if (status === 'hidden') return <Badge tone="warning">{t('moderation.post.hidden')}</Badge>;
  if (status === 'deleted') return <Badge tone="danger">{t('moderation.post.deleted')}</Badge>;
  return <Badge tone="success">{t('moderation.post.visible')}</Badge>;
}
