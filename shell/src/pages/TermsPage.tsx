import { Link } from 'react-router-dom';
import { useDocumentTitle, useSiteConfig } from '@catalyst/web-kit';
import { ContactClause, LegalDocument, type LegalSection } from './legal/LegalDocument';

export default function TermsPage() {
  const site = useSiteConfig();
  const contact = site.supportEmail || site.contactEmail;
  useDocumentTitle('Terms and Conditions');

  const sections: LegalSection[] = [
    {
      id: 'agreement',
      title: 'About these terms',
      body: (
        <p>
          These terms are the agreement between you and the operator of {site.name} (“we”, “us”) for the use
          of the website and its learning library. By creating an account or using the service you accept
          them. If you do not agree, please do not use {site.name}.
        </p>
      ),
    },
    {
      id: 'eligibility',
      title: 'Who may use the service',
      body: (
        <p>
          You must be at least 16 years old to create an account or subscribe. By registering you confirm that
          you meet this age requirement and that the information you give us is accurate.
        </p>
      ),
    },
    {
      id: 'account',
      title: 'Your account',
      body: (
        <p>
          Keep your password secret and do not share your account; a subscription is for one person. You are
          responsible for what happens under your account. Tell us at once if you believe someone else has
          used it.
        </p>
      ),
    },
    {
      id: 'service',
      title: 'The service',
      body: (
        <p>
          {site.name} offers courses, tutorials, videos, documents and webinars organised into categories and
          creators. Some of it is open to every visitor; the premium library is available to subscribers. We
          add, update and sometimes retire content to keep the library current.
        </p>
      ),
    },
    {
      id: 'subscription',
      title: 'Premium subscription',
      body: (
        <p>
          The Premium plan gives you access to all premium content for as long as your subscription is active.
          The price and what the plan includes are shown on the <Link to="/pricing">Pricing</Link> page before
          you buy.
        </p>
      ),
    },
    {
      id: 'billing',
      title: 'Billing and automatic renewal',
      body: (
        <p>
          Subscriptions are billed in advance at the start of each billing period and renew automatically at
          the end of every period at the then-current price, until you cancel. By subscribing you authorise
          us, through our payment provider, to charge your payment method for each renewal.
        </p>
      ),
    },
    {
      id: 'payments',
      title: 'Payments',
      body: (
        <p>
          Payments are handled by our card payment provider on its secure hosted checkout page, under that
          provider’s own terms. We never see or store your full card details. If a payment fails, access to
          premium content may be paused until the payment method is updated.
        </p>
      ),
    },
    {
      id: 'free-trials',
      title: 'Free trials',
      body: (
        <p>
          We may offer free trials from time to time. The length and conditions of a trial are shown when you
          start it. Unless you cancel before the trial ends, the subscription starts and is billed
          automatically when the trial period is over.
        </p>
      ),
    },
    {
      id: 'cancellation',
      title: 'Cancellation',
      body: (
        <p>
          You may cancel your subscription at any time from your account settings. Cancellation takes effect
          at the end of the current billing period: you keep full access until then, and you will not be
          charged again. You can reactivate a cancelled subscription before the period ends.
        </p>
      ),
    },
    {
      id: 'refunds',
      title: 'Refunds',
      body: (
        <p>
          Because you get immediate access to the whole premium library, payments are generally not refunded,
          including for partly used billing periods. This does not affect any rights you have under mandatory
          consumer law. If you believe you were charged in error, contact us and we will look into it.
        </p>
      ),
    },
    {
      id: 'price-changes',
      title: 'Price changes',
      body: (
        <p>
          We may change the subscription price. We will tell you by e-mail at least 30 days before a new price
          applies to you, and it will apply only from your next billing period, so you can cancel beforehand
          if you do not accept it.
        </p>
      ),
    },
    {
      id: 'acceptable-use',
      title: 'Acceptable use',
      body: (
        <>
          <p>When using {site.name} you agree not to:</p>
          <ul>
            <li>
              copy, download, redistribute or resell content, except where a resource is offered for download;
            </li>
            <li>share your account or circumvent access controls or technical protections;</li>
            <li>use automated means to scrape the library or put unreasonable load on the service;</li>
            <li>use the service for anything unlawful or harmful to others.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'intellectual-property',
      title: 'Intellectual property',
      body: (
        <p>
          All content on {site.name} belongs to us or to the creators who license it to us. Your subscription
          gives you a personal, non-exclusive, non-transferable licence to view it for your own learning. No
          other rights are granted.
        </p>
      ),
    },
    {
      id: 'availability',
      title: 'Availability of the service',
      body: (
        <p>
          We work to keep {site.name} available at all times, but the service may be interrupted for
          maintenance, updates or reasons beyond our control. We will try to announce planned maintenance in
          advance.
        </p>
      ),
    },
    {
      id: 'deleting-account',
      title: 'Deleting your account',
      body: (
        <p>
          You can delete your account from your profile settings at any time. Deleting your account ends
          access to the service and removes your profile and learning progress as described in our{' '}
          <Link to="/privacy-policy">Privacy Policy</Link>. Deleting the account cancels any active
          subscription at once; the current billing period is not refunded.
        </p>
      ),
    },
    {
      id: 'suspension',
      title: 'Suspension and termination',
      body: (
        <p>
          We may suspend or close an account that seriously or repeatedly breaks these terms, for example by
          sharing it or redistributing content. Where reasonable we will warn you first and give you the
          chance to put things right.
        </p>
      ),
    },
    {
      id: 'liability',
      title: 'Limitation of liability',
      body: (
        <p>
          The service is provided with reasonable care and skill, but learning outcomes depend on you and we
          do not guarantee particular results. To the extent the law allows, our total liability to you for
          any claim arising from these terms or the service is limited to the amount you paid us in the 12
          months before the event giving rise to the claim. Nothing in these terms limits liability that
          cannot be limited by law.
        </p>
      ),
    },
    {
      id: 'governing-law',
      title: 'Governing law and jurisdiction',
      body: (
        <p>
          These terms are governed by the laws of the Republic of Bulgaria. Any dispute arising from them or
          from the use of the service falls under the jurisdiction of the competent courts of Bulgaria,
          without prejudice to any mandatory rights you have as a consumer where you live.
        </p>
      ),
    },
    {
      id: 'changes-contact',
      title: 'Changes to these terms and contact',
      body: (
        <p>
          We may update these terms when the service or the law changes. We will tell you about important
          changes by e-mail before they take effect; continuing to use {site.name} afterwards means you accept
          them. Questions about these terms are welcome
          <ContactClause email={contact} />.
        </p>
      ),
    },
  ];

  return (
    <LegalDocument
      title="Terms and Conditions"
      intro={
        <p>
          Thank you for learning with {site.name}. These terms explain your rights and ours when you use the
          service and subscribe to Premium. Please read them carefully.
        </p>
      }
      sections={sections}
      related={{ to: '/privacy-policy', label: 'Privacy Policy' }}
    />
  );
}
