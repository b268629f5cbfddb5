// web-kit's shared texts (its UI primitives and formats), in English; the other languages in ./locales.
import { PREMIUM_PLAN } from '@catalyst/contracts/plan';
import { defineStrings } from './strings';

export const kitStrings = defineStrings(
  'web-kit',
  {
    'spinner.loading': 'Loading',
    'page.loading': 'Loading...',
    'notFound.title': '404 - Page Not Found',
    'notFound.documentTitle': 'Page Not Found',
    'notFound.message': 'The page you are looking for does not exist or has moved.',
    'notFound.home': 'Go to Homepage',
    'notFound.browse': 'Browse Categories',
    'error.retry': 'Retry',
    'remote.title': "This section couldn't be loaded",
    'remote.message':
      'Something went wrong while loading this part of the page. The rest of the site still works.',
    'pager.previous': 'Previous',
    'pager.next': 'Next',
    'pager.page': 'Page {{page}} of {{pages}}',
    'dialog.close': 'Close',
    'price.free': 'Free',
    // the plan's English is the contracts' (one copy in the first scripts); its translations are the JSON's
    'plan.tag': PREMIUM_PLAN.tag,
    'plan.featureCourses': PREMIUM_PLAN.features[0],
    'plan.featureApp': PREMIUM_PLAN.features[1],
    'plan.featureProgress': PREMIUM_PLAN.features[2],
    'plan.featureResources': PREMIUM_PLAN.features[3],
    'plan.featureQuestions': PREMIUM_PLAN.features[4],
    'plan.featureLive': PREMIUM_PLAN.features[5],
    'plan.featureCertificate': PREMIUM_PLAN.features[6],
    'price.unknown': 'N/A',
    'guard.signInTitle': 'Authentication Required',
    'guard.signInMessage': 'You need to log in to access this page.',
    'guard.login': 'Login',
    'guard.signUp': 'Sign Up',
    'guard.deniedTitle': 'Access Denied',
    'guard.deniedMessage': "You don't have permission to access this page.",
    'guard.dashboard': 'Go to Dashboard',
    'guard.unreachableTitle': "We can't reach Catalyst right now",
    'guard.unreachableMessage': 'You are still signed in. We will try again in a moment.',
    'guard.offlineTitle': 'Not available offline',
    'guard.offlineMessage':
      'This page needs a connection. The lessons you saved for offline watching play without one.',
    'guard.downloads': 'Go to Downloads',
    'guard.checkingPlan': 'Checking your subscription...',
    'premium.course': 'This course is part of Premium',
    'premium.category': 'This category is part of Premium',
    'rating.none': 'No ratings yet',
    'rating.label': {
      one: '{{average}} out of 5, {{count}} rating',
      other: '{{average}} out of 5, {{count}} ratings',
    },
    'language.label': 'Language',
    'language.saveFailed':
      "Your language is shown here but couldn't be saved to your account. Try again later.",
  },
  {
    es: () => import('./locales/es.json'),
    de: () => import('./locales/de.json'),
    ar: () => import('./locales/ar.json'),
  },
);
