import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

/** After a load failure that says so, goes back to the list after the given delay (2 s or 3 s in the spec). */
export function useRedirectAfter(ms: number | undefined, to: string) {
  const navigate = useNavigate();
  useEffect(() => {
    if (ms === undefined) return;
    const timer = setTimeout(() => navigate(to, { replace: true }), ms);
    return () => clearTimeout(timer);
  }, [ms, to, navigate]);
}
