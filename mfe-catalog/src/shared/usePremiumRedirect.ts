import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { isPremiumRequired } from '@catalyst/web-kit';

/** Spec section 8: the server's premium refusal sends the user to /subscription. Returns true while redirecting. */
export function usePremiumRedirect(...errors: Array<Error | null | undefined>): boolean {
  const navigate = useNavigate();
  const refused = errors.some((error) => isPremiumRequired(error));
  useEffect(() => {
    if (refused) navigate('/subscription', { replace: true });
  }, [refused, navigate]);
  return refused;
}
