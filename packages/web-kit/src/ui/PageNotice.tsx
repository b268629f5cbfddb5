import { useLocation, useNavigate } from 'react-router-dom';
import { Banner } from './Alert';

/** Navigation state that carries a one-time message to the next page ('Your account has been deleted.'). */
export interface PageNoticeState {
  notice?: string;
}

/** The state to navigate with so the next page says what just happened. */
export const withNotice = (notice: string): PageNoticeState => ({ notice });

/**
 * The message the last page left, as a green strip at the top; dismissing it clears it from history, so
 * back/forward or a reload do not say it again.
 */
export function PageNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const notice = (location.state as PageNoticeState | null)?.notice;
  if (!notice) return null;
  const dismiss = () =>
    navigate(location.pathname + location.search + location.hash, { replace: true, state: null });
  return (
    <Banner tone="success" onDismiss={dismiss}>
      {notice}
    </Banner>
  );
}
