// The pages' meta descriptions, in one place (no React: the build's index.html template reads the default).
// `useDocumentTitle(title)` writes the description of the page titled `title`, else the default, so every
// page a search engine (or a link preview) reads has one.

/** The description of a page without one of its own: also index.html's, before any script runs. */
export const DEFAULT_DESCRIPTION =
  'A growing library of practical courses and videos, organised by topic and creator so you always know what to learn next.';

/** By the title a page gives `useDocumentTitle`. */
export const PAGE_DESCRIPTIONS: Readonly<Record<string, string>> = {
  Welcome: `${DEFAULT_DESCRIPTION} Create your free account to get started.`,
  About:
    'Meet the instructor behind the courses: an engineer and physicist by training, teaching what he wished he had learned when starting out.',
  'Privacy Policy':
    'What personal data we collect when you learn with us, why we keep it, for how long, and the rights you have over it.',
  'Terms and Conditions':
    'The terms of using the site and its courses: your account, the Premium subscription, payments and cancellations.',
  Certificate:
    'Verify a course certificate by its code: who earned it, for which course and when, and whether it is still valid.',
  'Browse Categories': 'Browse the course categories and find the creators and courses to learn from next.',
};

/** The description of the page titled `title`. */
export function pageDescription(title: string | undefined): string {
  return (title && PAGE_DESCRIPTIONS[title]) || DEFAULT_DESCRIPTION;
}
