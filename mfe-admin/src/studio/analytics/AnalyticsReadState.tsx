import { ErrorScreen, Spinner, useStrings } from '@catalyst/web-kit';
import { consoleStrings } from '../../i18n/console/en';

/** What an analytics page shows while its read is on the way or failed (nothing once it has data). */
export function AnalyticsReadState({
  read,
}: {
  read: { isLoading: boolean; data?: unknown; error?: { message: string } | null; reload: () => void };
}) {
  const t = useStrings(consoleStrings);
  if (read.error)
    return (
      <ErrorScreen
        message={t('studio.analytics.failed', { message: read.error.message })}
        onRetry={read.reload}
        retryLabel={t('revisions.tryAgain')}
      />
    );
  return read.isLoading && !read.data ? <Spinner message={t('studio.analytics.loading')} /> : null;
}
