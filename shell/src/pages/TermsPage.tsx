import { Link } from 'react-router-dom';
import { useDocumentTitle, useSiteConfig, withPart } from '@catalyst/web-kit';
import {
  askSentence,
  LegalDocument,
  useLegalText,
  type LegalKey,
  type LegalSection,
} from './legal/LegalDocument';

/** The sections that are one paragraph: anchor, title, text. */
const PARAGRAPHS = {
  agreement: ['terms.agreementTitle', 'terms.agreementText'],
  eligibility: ['terms.eligibilityTitle', 'terms.eligibilityText'],
  account: ['terms.accountTitle', 'terms.accountText'],
  service: ['terms.serviceTitle', 'terms.serviceText'],
  billing: ['terms.billingTitle', 'terms.billingText'],
  payments: ['terms.paymentsTitle', 'terms.paymentsText'],
  'free-trials': ['terms.trialsTitle', 'terms.trialsText'],
  cancellation: ['terms.cancellationTitle', 'terms.cancellationText'],
  refunds: ['terms.refundsTitle', 'terms.refundsText'],
  'price-changes': ['terms.pricesTitle', 'terms.pricesText'],
  'intellectual-property': ['terms.propertyTitle', 'terms.propertyText'],
  availability: ['terms.availabilityTitle', 'terms.availabilityText'],
  suspension: ['terms.suspensionTitle', 'terms.suspensionText'],
  liability: ['terms.liabilityTitle', 'terms.liabilityText'],
  'governing-law': ['terms.lawTitle', 'terms.lawText'],
} as const satisfies Record<string, readonly [LegalKey, LegalKey]>;

const FORBIDDEN = ['terms.useCopy', 'terms.useShare', 'terms.useScrape', 'terms.useUnlawful'] as const;

export default function TermsPage() {
  const site = useSiteConfig();
  const contact = site.supportEmail || site.contactEmail;
  const { t } = useLegalText();
  useDocumentTitle(t('terms.title'));
  const named = { site: site.name };
  const paragraph = (id: keyof typeof PARAGRAPHS): LegalSection => ({
    id,
    title: t(PARAGRAPHS[id][0]),
    body: <p>{t(PARAGRAPHS[id][1], named)}</p>,
  });

  const sections: LegalSection[] = [
    paragraph('agreement'),
    paragraph('eligibility'),
    paragraph('account'),
    paragraph('service'),
    {
      id: 'subscription',
      title: t('terms.subscriptionTitle'),
      body: (
        <p>
          {withPart(t('terms.subscriptionText'), 'link', <Link to="/pricing">{t('terms.pricingLink')}</Link>)}
        </p>
      ),
    },
    paragraph('billing'),
    paragraph('payments'),
    paragraph('free-trials'),
    paragraph('cancellation'),
    paragraph('refunds'),
    paragraph('price-changes'),
    {
      id: 'acceptable-use',
      title: t('terms.useTitle'),
      body: (
        <>
          <p>{t('terms.useLead', named)}</p>
          <ul>
            {FORBIDDEN.map((use) => (
              <li key={use}>{t(use)}</li>
            ))}
          </ul>
        </>
      ),
    },
    paragraph('intellectual-property'),
    paragraph('availability'),
    {
      id: 'deleting-account',
      title: t('terms.deletingTitle'),
      body: (
        <p>
          {withPart(t('terms.deletingText'), 'link', <Link to="/privacy-policy">{t('privacy.title')}</Link>)}
        </p>
      ),
    },
    paragraph('suspension'),
    paragraph('liability'),
    paragraph('governing-law'),
    {
      id: 'changes-contact',
      title: t('terms.changesTitle'),
      body: (
        <p>
          {t('terms.changesText', named)}{' '}
          {askSentence(t, { without: 'terms.ask', at: 'terms.askAt' }, contact)}
        </p>
      ),
    },
  ];

  return (
    <LegalDocument
      title={t('terms.title')}
      intro={<p>{t('terms.intro', named)}</p>}
      sections={sections}
      related={{ to: '/privacy-policy', label: t('privacy.title') }}
    />
  );
}
