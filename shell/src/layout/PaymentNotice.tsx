// The failed-payment banner's text: loaded only when a signed-in person's renewal has failed (PaymentBanner.tsx
// loads it lazily), with the signed-in pages' texts (shell/src/i18n/signed-in/).
import { Link } from 'react-router-dom';
import { PREMIUM_PLAN } from '@catalyst/contracts/plan';
import { Banner, formatDate, useStrings } from '@catalyst/web-kit';
import { signedInStrings } from '../i18n/signed-in/en';
import { UPDATE_CARD_PATH } from './PaymentBanner';

/** 'Your last payment failed.', until when Premium stays (`graceEndsAt`), and Update card. */
export function PaymentNotice({ graceEndsAt }: { graceEndsAt: string | null }) {
  const t = useStrings(signedInStrings);
  const plan = PREMIUM_PLAN.name;
  return (
    <Banner tone="warning">
      <span>
        {t('payment.failed')}{' '}
        {graceEndsAt
          ? t('payment.updateBy', { date: formatDate(graceEndsAt, 'long', { utc: true }), plan })
          : t('payment.update', { plan })}{' '}
        <Link to={UPDATE_CARD_PATH}>{t('payment.link')}</Link>
      </span>
    </Banner>
  );
}
