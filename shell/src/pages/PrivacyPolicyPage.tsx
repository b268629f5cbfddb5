import { Link } from 'react-router-dom';
import { formatDate, useDocumentTitle, useSiteConfig, withPart } from '@catalyst/web-kit';
import { askSentence, LegalDocument, useLegalText, type LegalSection } from './legal/LegalDocument';
import { PRIVACY_POLICY_VERSION } from './legal/versions';

/** What we collect, each kind named in bold before what it is. */
const COLLECTED = [
  ['privacy.collectAccountTerm', 'privacy.collectAccount'],
  ['privacy.collectSubscriptionTerm', 'privacy.collectSubscription'],
  ['privacy.collectLearningTerm', 'privacy.collectLearning'],
  ['privacy.collectTechnicalTerm', 'privacy.collectTechnical'],
] as const;

const USES = [
  'privacy.useAccount',
  'privacy.usePremium',
  'privacy.useProgress',
  'privacy.useMessages',
  'privacy.useSecurity',
] as const;

export default function PrivacyPolicyPage() {
  const site = useSiteConfig();
  const contact = site.supportEmail || site.contactEmail;
  const { t } = useLegalText();
  useDocumentTitle(t('privacy.title'));
  const named = { site: site.name };

  const sections: LegalSection[] = [
    { id: 'who-we-are', title: t('privacy.whoTitle'), body: <p>{t('privacy.whoText', named)}</p> },
    {
      id: 'scope',
      title: t('privacy.scopeTitle'),
      body: (
        <p>
          {withPart(
            t('privacy.scopeText'),
            'link',
            <Link to="/terms-and-conditions">{t('terms.title')}</Link>,
          )}
        </p>
      ),
    },
    {
      id: 'data-we-collect',
      title: t('privacy.collectTitle'),
      body: (
        <>
          <p>{t('privacy.collectLead')}</p>
          <ul>
            {COLLECTED.map(([term, text]) => (
              <li key={term}>
                <strong>{t(term)}</strong>: {t(text)}
              </li>
            ))}
          </ul>
        </>
      ),
    },
    {
      id: 'how-we-use',
      title: t('privacy.useTitle'),
      body: (
        <ul>
          {USES.map((use) => (
            <li key={use}>{t(use)}</li>
          ))}
        </ul>
      ),
    },
    { id: 'legal-bases', title: t('privacy.basesTitle'), body: <p>{t('privacy.basesText')}</p> },
    { id: 'payments', title: t('privacy.paymentsTitle'), body: <p>{t('privacy.paymentsText', named)}</p> },
    { id: 'cookies', title: t('privacy.cookiesTitle'), body: <p>{t('privacy.cookiesText')}</p> },
    { id: 'sharing', title: t('privacy.sharingTitle'), body: <p>{t('privacy.sharingText', named)}</p> },
    { id: 'retention', title: t('privacy.retentionTitle'), body: <p>{t('privacy.retentionText')}</p> },
    { id: 'security', title: t('privacy.securityTitle'), body: <p>{t('privacy.securityText', named)}</p> },
    {
      id: 'your-rights',
      title: t('privacy.rightsTitle'),
      body: (
        <>
          <p>{t('privacy.rightsText')}</p>
          <p>{t('privacy.rightsHow')}</p>
        </>
      ),
    },
    { id: 'age', title: t('privacy.ageTitle'), body: <p>{t('privacy.ageText', named)}</p> },
    {
      id: 'changes-contact',
      title: t('privacy.changesTitle'),
      body: (
        <p>
          {t('privacy.changesText')}{' '}
          {askSentence(t, { without: 'privacy.ask', at: 'privacy.askAt' }, contact)}
        </p>
      ),
    },
  ];

  return (
    <LegalDocument
      title={t('privacy.title')}
      meta={withPart(
        t('privacy.updated'),
        'date',
        <time dateTime={PRIVACY_POLICY_VERSION.updated}>
          {formatDate(PRIVACY_POLICY_VERSION.updated, 'long', { utc: true })}
        </time>,
      )}
      intro={<p>{t('privacy.intro', named)}</p>}
      sections={sections}
      related={{ to: '/terms-and-conditions', label: t('terms.title') }}
    />
  );
}
