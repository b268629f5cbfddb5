import { useEffect, useState } from 'react';

const visibleNow = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';

/** Whether the page is on screen (a hidden tab need not hold event streams open). */
export function useDocumentVisible(): boolean {
  const [visible, setVisible] = useState(visibleNow);
  useEffect(() => {
    const changed = () => setVisible(visibleNow());
    document.addEventListener('visibilitychange', changed);
    return () => document.removeEventListener('visibilitychange', changed);
  }, []);
  return visible;
}
