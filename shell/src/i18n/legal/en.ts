// The privacy policy's and the terms' texts in English: the binding text (pages/legal/versions.ts dates the
// policy's), loaded only with those pages. Other languages: ./locales/<lang>.json, translations shown under a
// notice that the English text is the binding one (LegalDocument.tsx).
import { defineStrings } from '@catalyst/web-kit';

export const legalStrings = defineStrings(
  'shell-legal',
  {
    'doc.contents': 'Contents',
    'doc.related': 'Please also read our {{link}}.',
    'doc.home': '← Back to home',
    'doc.notice':
      'This is a translation for your convenience. The English text is the binding one where the two differ: {{link}}.',
    'doc.noticeLink': 'read it in English',
    'doc.englishShown': 'You are reading the binding English text. {{link}}',
    'doc.translationLink': 'Back to the translation',

    'privacy.title': 'Privacy Policy',
    'privacy.updated': 'Last updated: {{date}}',
    'privacy.intro':
      'Your privacy matters to us. This policy explains, in plain language, what {{site}} does with your personal data and the control you have over it.',
    'privacy.whoTitle': 'Who we are',
    'privacy.whoText':
      '{{site}} is an online learning library of courses, tutorials, videos, documents and webinars. When this policy says “we”, “us” or “our”, it means the operator of {{site}}, who decides how and why your personal data is processed and is responsible for it.',
    'privacy.scopeTitle': 'What this policy covers',
    'privacy.scopeText':
      'This policy explains what personal data we collect when you visit the site, create an account, subscribe or watch content, why we collect it, how long we keep it and the choices you have. It applies to the website and to every page of the learning library. It should be read together with our {{link}}.',
    'privacy.collectTitle': 'Information we collect',
    'privacy.collectLead': 'We collect only what we need to run the service:',
    'privacy.collectAccountTerm': 'Account details',
    'privacy.collectAccount':
      'your name, e-mail address and a one-way hash of your password (we never store the password itself).',
    'privacy.collectSubscriptionTerm': 'Subscription details',
    'privacy.collectSubscription': 'your plan, its status and the dates of your billing periods.',
    'privacy.collectLearningTerm': 'Learning activity',
    'privacy.collectLearning':
      'the content you open, how far you have watched each video and what you have completed, so you can pick up where you left off.',
    'privacy.collectTechnicalTerm': 'Technical data',
    'privacy.collectTechnical':
      'the address your requests come from, your browser type and error reports when a page fails, kept in our server logs.',
    'privacy.useTitle': 'How we use your information',
    'privacy.useAccount': 'to create and secure your account and keep you signed in;',
    'privacy.usePremium': 'to give subscribers access to premium content and to manage billing;',
    'privacy.useProgress': 'to save your progress and show what you were watching;',
    'privacy.useMessages':
      'to send messages about your account, such as verifying your e-mail address or confirming a payment;',
    'privacy.useSecurity': 'to find and fix faults, prevent abuse and keep the service secure.',
    'privacy.basesTitle': 'Legal bases for processing',
    'privacy.basesText':
      'We process your data to perform our contract with you (your account and subscription), to meet legal obligations (for example keeping invoices for the period tax law requires), for our legitimate interest in running a secure and reliable service, and, where the law requires it, with your consent, which you can withdraw at any time.',
    'privacy.paymentsTitle': 'Payments',
    'privacy.paymentsText':
      'Payments are processed by our card payment provider on its own secure hosted checkout page. Your card number and security code go directly to the provider and are never seen or stored by {{site}}. We receive only what we need to manage your subscription: a customer reference, the plan, the payment status and the billing dates.',
    'privacy.cookiesTitle': 'Cookies and local storage',
    'privacy.cookiesText':
      'We use your browser’s storage for essentials: your sign-in session is kept in session storage and ends when you close the browser, and your cookie choice is remembered in local storage under the name cookieConsent. When you choose “Essential Only” we use nothing else; “Accept All” also allows optional storage that helps us understand how the site is used. You can change your mind by clearing the site’s data in your browser.',
    'privacy.sharingTitle': 'Who we share your information with',
    'privacy.sharingText':
      'We do not sell your personal data. We share it only with service providers who help us run {{site}} — the card payment provider, our hosting and e-mail providers — under contracts that allow them to use it solely on our instructions, and with authorities when the law requires it.',
    'privacy.retentionTitle': 'How long we keep your information',
    'privacy.retentionText':
      'We keep your account data for as long as your account exists. When you delete your account, we delete your profile and learning progress within 30 days, except records we must keep by law, such as payment records, which are kept for the period the law requires. Server logs are kept for a short period for security.',
    'privacy.securityTitle': 'Security',
    'privacy.securityText':
      'Connections to {{site}} are encrypted, passwords are stored only as strong one-way hashes, sign-in sessions can be ended by logging out, and access to our systems is restricted to the people who need it. No service can promise perfect security, but we work to protect your data and will tell you without undue delay if a breach puts it at risk.',
    'privacy.rightsTitle': 'Your rights',
    'privacy.rightsText':
      'You have the right to access, correct and delete your personal data, to object to or restrict its processing, to receive it in a portable form and to complain to a data protection authority.',
    'privacy.rightsHow':
      'You can update your name and e-mail address at any time from your profile settings, and you can delete your account from your profile settings as well. For any other request, write to us and we will answer within one month.',
    'privacy.ageTitle': 'Minimum age',
    'privacy.ageText':
      '{{site}} is intended for people who are at least 16 years old. We do not knowingly collect personal data from anyone younger. If you believe a child under 16 has given us their data, contact us and we will delete it.',
    'privacy.changesTitle': 'Changes to this policy and how to contact us',
    'privacy.changesText':
      'We may update this policy when our service or the law changes; the date at the top always shows the latest version, and we will tell you by e-mail about changes that matter.',
    'privacy.ask': 'Questions about your privacy are welcome.',
    'privacy.askAt': 'Questions about your privacy are welcome at {{email}}.',

    'terms.title': 'Terms and Conditions',
    'terms.intro':
      'Thank you for learning with {{site}}. These terms explain your rights and ours when you use the service and subscribe to Premium. Please read them carefully.',
    'terms.agreementTitle': 'About these terms',
    'terms.agreementText':
      'These terms are the agreement between you and the operator of {{site}} (“we”, “us”) for the use of the website and its learning library. By creating an account or using the service you accept them. If you do not agree, please do not use {{site}}.',
    'terms.eligibilityTitle': 'Who may use the service',
    'terms.eligibilityText':
      'You must be at least 16 years old to create an account or subscribe. By registering you confirm that you meet this age requirement and that the information you give us is accurate.',
    'terms.accountTitle': 'Your account',
    'terms.accountText':
      'Keep your password secret and do not share your account; a subscription is for one person. You are responsible for what happens under your account. Tell us at once if you believe someone else has used it.',
    'terms.serviceTitle': 'The service',
    'terms.serviceText':
      '{{site}} offers courses, tutorials, videos, documents and webinars organised into categories and creators. Some of it is open to every visitor; the premium library is available to subscribers. We add, update and sometimes retire content to keep the library current.',
    'terms.subscriptionTitle': 'Premium subscription',
    'terms.subscriptionText':
      'The Premium plan gives you access to all premium content for as long as your subscription is active. The price and what the plan includes are shown on the {{link}} page before you buy.',
    'terms.pricingLink': 'Pricing',
    'terms.billingTitle': 'Billing and automatic renewal',
    'terms.billingText':
      'Subscriptions are billed in advance at the start of each billing period and renew automatically at the end of every period at the then-current price, until you cancel. By subscribing you authorise us, through our payment provider, to charge your payment method for each renewal.',
    'terms.paymentsTitle': 'Payments',
    'terms.paymentsText':
      'Payments are handled by our card payment provider on its secure hosted checkout page, under that provider’s own terms. We never see or store your full card details. If a payment fails, access to premium content may be paused until the payment method is updated.',
    'terms.trialsTitle': 'Free trials',
    'terms.trialsText':
      'We may offer free trials from time to time. The length and conditions of a trial are shown when you start it. Unless you cancel before the trial ends, the subscription starts and is billed automatically when the trial period is over.',
    'terms.cancellationTitle': 'Cancellation',
    'terms.cancellationText':
      'You may cancel your subscription at any time from your account settings. Cancellation takes effect at the end of the current billing period: you keep full access until then, and you will not be charged again. You can reactivate a cancelled subscription before the period ends.',
    'terms.refundsTitle': 'Refunds',
    'terms.refundsText':
      'Because you get immediate access to the whole premium library, payments are generally not refunded, including for partly used billing periods. This does not affect any rights you have under mandatory consumer law. If you believe you were charged in error, contact us and we will look into it.',
    'terms.pricesTitle': 'Price changes',
    'terms.pricesText':
      'We may change the subscription price. We will tell you by e-mail at least 30 days before a new price applies to you, and it will apply only from your next billing period, so you can cancel beforehand if you do not accept it.',
    'terms.useTitle': 'Acceptable use',
    'terms.useLead': 'When using {{site}} you agree not to:',
    'terms.useCopy':
      'copy, download, redistribute or resell content, except where a resource is offered for download;',
    'terms.useShare': 'share your account or circumvent access controls or technical protections;',
    'terms.useScrape': 'use automated means to scrape the library or put unreasonable load on the service;',
    'terms.useUnlawful': 'use the service for anything unlawful or harmful to others.',
    'terms.propertyTitle': 'Intellectual property',
    'terms.propertyText':
      'All content on {{site}} belongs to us or to the creators who license it to us. Your subscription gives you a personal, non-exclusive, non-transferable licence to view it for your own learning. No other rights are granted.',
    'terms.availabilityTitle': 'Availability of the service',
    'terms.availabilityText':
      'We work to keep {{site}} available at all times, but the service may be interrupted for maintenance, updates or reasons beyond our control. We will try to announce planned maintenance in advance.',
    'terms.deletingTitle': 'Deleting your account',
    'terms.deletingText':
      'You can delete your account from your profile settings at any time. Deleting your account ends access to the service and removes your profile and learning progress as described in our {{link}}. Deleting the account cancels any active subscription at once; the current billing period is not refunded.',
    'terms.suspensionTitle': 'Suspension and termination',
    'terms.suspensionText':
      'We may suspend or close an account that seriously or repeatedly breaks these terms, for example by sharing it or redistributing content. Where reasonable we will warn you first and give you the chance to put things right.',
    'terms.liabilityTitle': 'Limitation of liability',
    'terms.liabilityText':
      'The service is provided with reasonable care and skill, but learning outcomes depend on you and we do not guarantee particular results. To the extent the law allows, our total liability to you for any claim arising from these terms or the service is limited to the amount you paid us in the 12 months before the event giving rise to the claim. Nothing in these terms limits liability that cannot be limited by law.',
    'terms.lawTitle': 'Governing law and jurisdiction',
    'terms.lawText':
      'These terms are governed by the laws of the Republic of Bulgaria. Any dispute arising from them or from the use of the service falls under the jurisdiction of the competent courts of Bulgaria, without prejudice to any mandatory rights you have as a consumer where you live.',
    'terms.changesTitle': 'Changes to these terms and contact',
    'terms.changesText':
      'We may update these terms when the service or the law changes. We will tell you about important changes by e-mail before they take effect; continuing to use {{site}} afterwards means you accept them.',
    'terms.ask': 'Questions about these terms are welcome.',
    'terms.askAt': 'Questions about these terms are welcome at {{email}}.',
  },
  {
    es: () => import('./locales/es.json'),
    de: () => import('./locales/de.json'),
    ar: () => import('./locales/ar.json'),
  },
);
