import { Link } from 'react-router-dom';
import { formatDate, useDocumentTitle, useSiteConfig } from '@catalyst/web-kit';
import { ContactClause, LegalDocument, type LegalSection } from './legal/LegalDocument';
import { PRIVACY_POLICY_VERSION } from './legal/versions';

export default function PrivacyPolicyPage() {
  const site = useSiteConfig();
  const contact = site.supportEmail || site.contactEmail;
  useDocumentTitle('Privacy Policy');

  const sections: LegalSection[] = [
    {
      id: 'who-we-are',
      title: 'Who we are',
      body: (
        <p>
          {site.name} is an online learning library of courses, tutorials, videos, documents and webinars.
          When this policy says “we”, “us” or “our”, it means the operator of {site.name}, who decides how and
          why your personal data is processed and is responsible for it.
        </p>
      ),
    },
    {
      id: 'scope',
      title: 'What this policy covers',
      body: (
        <p>
          This policy explains what personal data we collect when you visit the site, create an account,
          subscribe or watch content, why we collect it, how long we keep it and the choices you have. It
          applies to the website and to every page of the learning library. It should be read together with
          our <Link to="/terms-and-conditions">Terms and Conditions</Link>.
        </p>
      ),
    },
    {
      id: 'data-we-collect',
      title: 'Information we collect',
      body: (
        <>
          <p>We collect only what we need to run the service:</p>
          <ul>
            <li>
              <strong>Account details</strong>: your name, e-mail address and a one-way hash of your password
              (we never store the password itself).
            </li>
            <li>
              <strong>Subscription details</strong>: your plan, its status and the dates of your billing
              periods.
            </li>
            <li>
              <strong>Learning activity</strong>: the content you open, how far you have watched each video
              and what you have completed, so you can pick up where you left off.
            </li>
            <li>
              <strong>Technical data</strong>: the address your requests come from, your browser type and
              error reports when a page fails, kept in our server logs.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'how-we-use',
      title: 'How we use your information',
      body: (
        <ul>
          <li>to create and secure your account and keep you signed in;</li>
          <li>to give subscribers access to premium content and to manage billing;</li>
          <li>to save your progress and show what you were watching;</li>
          <li>
            to send messages about your account, such as verifying your e-mail address or confirming a
            payment;
          </li>
          <li>to find and fix faults, prevent abuse and keep the service secure.</li>
        </ul>
      ),
    },
    {
      id: 'legal-bases',
      title: 'Legal bases for processing',
      body: (
        <p>
          We process your data to perform our contract with you (your account and subscription), to meet legal
          obligations (for example keeping invoices for the period tax law requires), for our legitimate
          interest in running a secure and reliable service, and, where the law requires it, with your
          consent, which you can withdraw at any time.
        </p>
      ),
    },
    {
      id: 'payments',
      title: 'Payments',
      body: (
        <p>
          Payments are processed by our card payment provider on its own secure hosted checkout page. Your
          card number and security code go directly to the provider and are never seen or stored by{' '}
          {site.name}. We receive only what we need to manage your subscription: a customer reference, the
          plan, the payment status and the billing dates.
        </p>
      ),
    },
    {
      id: 'cookies',
      title: 'Cookies and local storage',
      body: (
        <p>
          We use your browser’s storage for essentials: your sign-in session is kept in session storage and
          ends when you close the browser, and your cookie choice is remembered in local storage under the
          name cookieConsent. When you choose “Essential Only” we use nothing else; “Accept All” also allows
          optional storage that helps us understand how the site is used. You can change your mind by clearing
          the site’s data in your browser.
        </p>
      ),
    },
    {
      id: 'sharing',
      title: 'Who we share your information with',
      body: (
        <p>
          We do not sell your personal data. We share it only with service providers who help us run{' '}
          {site.name} — the card payment provider, our hosting and e-mail providers — under contracts that
          allow them to use it solely on our instructions, and with authorities when the law requires it.
        </p>
      ),
    },
    {
      id: 'retention',
      title: 'How long we keep your information',
      body: (
        <p>
          We keep your account data for as long as your account exists. When you delete your account, we
          delete your profile and learning progress within 30 days, except records we must keep by law, such
          as payment records, which are kept for the period the law requires. Server logs are kept for a short
          period for security.
        </p>
      ),
    },
    {
      id: 'security',
      title: 'Security',
      body: (
        <p>
          Connections to {site.name} are encrypted, passwords are stored only as strong one-way hashes,
          sign-in sessions can be ended by logging out, and access to our systems is restricted to the people
          who need it. No service can promise perfect security, but we work to protect your data and will tell
          you without undue delay if a breach puts it at risk.
        </p>
      ),
    },
    {
      id: 'your-rights',
      title: 'Your rights',
      body: (
        <>
          <p>
            You have the right to access, correct and delete your personal data, to object to or restrict its
            processing, to receive it in a portable form and to complain to a data protection authority.
          </p>
          <p>
            You can update your name and e-mail address at any time from your profile settings, and you can
            delete your account from your profile settings as well. For any other request, write to us and we
            will answer within one month.
          </p>
        </>
      ),
    },
    {
      id: 'age',
      title: 'Minimum age',
      body: (
        <p>
          {site.name} is intended for people who are at least 16 years old. We do not knowingly collect
          personal data from anyone younger. If you believe a child under 16 has given us their data, contact
          us and we will delete it.
        </p>
      ),
    },
    {
      id: 'changes-contact',
      title: 'Changes to this policy and how to contact us',
      body: (
        <p>
          We may update this policy when our service or the law changes; the date at the top always shows the
          latest version, and we will tell you by e-mail about changes that matter. Questions about your
          privacy are welcome
          <ContactClause email={contact} />.
        </p>
      ),
    },
  ];

  return (
    <LegalDocument
      title="Privacy Policy"
      meta={
        <>
          Last updated:{' '}
          <time dateTime={PRIVACY_POLICY_VERSION.updated}>
            {formatDate(PRIVACY_POLICY_VERSION.updated, 'long', { utc: true })}
          </time>
        </>
      }
      intro={
        <p>
          Your privacy matters to us. This policy explains, in plain language, what {site.name} does with your
          personal data and the control you have over it.
        </p>
      }
      sections={sections}
      related={{ to: '/terms-and-conditions', label: 'Terms and Conditions' }}
    />
  );
}
