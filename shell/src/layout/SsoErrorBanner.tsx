import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { SSO_ERROR_PARAM } from '@catalyst/contracts/team-sso-terms';
import { Banner } from '@catalyst/web-kit';

/**
 * Why a single sign-on failed, as auth's callback sent the browser home (`/?sso_error=`): shown above the
 * header until dismissed, and taken out of the address so a reload or a shared link does not repeat it.
 */
export function SsoErrorBanner() {
  const [params, setParams] = useSearchParams();
  const fromAddress = params.get(SSO_ERROR_PARAM);
  const [message, setMessage] = useState<string | null>(null);
  // Kept once read: the address loses it below, the banner stays until dismissed.
  if (fromAddress && fromAddress !== message) setMessage(fromAddress);
  useEffect(() => {
    if (!fromAddress) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(SSO_ERROR_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [fromAddress, setParams]);
  if (!message) return null;
  return (
    <Banner tone="danger" onDismiss={() => setMessage(null)}>
      {message}
    </Banner>
  );
}
