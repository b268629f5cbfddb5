import { ErrorScreen, Spinner } from '@catalyst/web-kit';

/** What an analytics page shows while its read is on the way or failed (nothing once it has data). */
export function AnalyticsReadState({
  read,
}: {
  read: { isLoading: boolean; data?: unknown; error?: { message: string } | null; reload: () => void };
}) {
  if (read.error)
    return (
      <ErrorScreen
        message={`Failed to load analytics: ${read.error.message}`}
        onRetry={read.reload}
        retryLabel="Try Again"
      />
    );
  return read.isLoading && !read.data ? <Spinner message="Loading analytics..." /> : null;
}
