import type { ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { Alert, useLanguage, useStrings, withPart, type Translate } from '@catalyst/web-kit';
import { legalStrings } from '../../i18n/legal/en';
import styles from './LegalDocument.module.css';

type LegalTexts = (typeof legalStrings)['english'];
export type LegalKey = keyof LegalTexts & string;

/** The address switch that shows a translated legal page's binding English text. */
const ENGLISH_PARAM = 'lang';

/** The English text itself, whatever the page's language (the binding version of a translated page). */
const inEnglish: Translate<LegalTexts> = (key, values) =>
  legalStrings.english[key].replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    String(values?.[name] ?? whole),
  );

/**
 * The legal texts in the page's language, or in English when `?lang=en` asks for the binding text: `t`, and
 * `english` (true when English is shown on a page in another language).
 */
export function useLegalText(): { t: Translate<LegalTexts>; english: boolean } {
  const translated = useStrings(legalStrings);
  const language = useLanguage();
  const [params] = useSearchParams();
  const english = language !== 'en' && params.get(ENGLISH_PARAM) === 'en';
  return { t: english ? inEnglish : translated, english };
}

export interface LegalSection {
  /** Anchor of the section, e.g. 'payments' (linked from the contents list). */
  id: string;
  title: string;
  body: ReactNode;
}

export interface LegalDocumentProps {
  title: string;
  /** Shown under the title ('Last updated: …'). */
  meta?: ReactNode;
  intro: ReactNode;
  sections: LegalSection[];
  /** The other legal text, linked at the end. */
  related: { to: string; label: string };
}

/**
 * Above a legal text in another language than English: this is a translation and the English text binds,
 * with a link to it; above that English text, a link back to the translation.
 */
function TranslationNotice({ english }: { english: boolean }) {
  const t = useStrings(legalStrings);
  const language = useLanguage();
  const { pathname } = useLocation();
  if (language === 'en') return null;
  return (
    <Alert tone="info">
      {english
        ? withPart(t('doc.englishShown'), 'link', <Link to={pathname}>{t('doc.translationLink')}</Link>)
        : withPart(
            t('doc.notice'),
            'link',
            <Link to={`${pathname}?${ENGLISH_PARAM}=en`} hrefLang="en">
              {t('doc.noticeLink')}
            </Link>,
          )}
    </Alert>
  );
}

/** A legal text: title, contents, numbered sections, links to the other text and home. */
export function LegalDocument({ title, meta, intro, sections, related }: LegalDocumentProps) {
  const { t, english } = useLegalText();
  return (
    <>
      <TranslationNotice english={english} />
      <article
        className={styles.doc}
        aria-labelledby="legal-title"
        {...(english ? { lang: 'en', dir: 'ltr' } : {})}
      >
        <header className={styles.header}>
          <h1 id="legal-title">{title}</h1>
          {meta ? <p className={styles.meta}>{meta}</p> : null}
          <div className={styles.intro}>{intro}</div>
        </header>
        <nav className={styles.toc} aria-label={t('doc.contents')}>
          <h2 className={styles.tocTitle}>{t('doc.contents')}</h2>
          <ol className={styles.tocList}>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        <div className={styles.body}>
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              className={styles.section}
              aria-labelledby={`${section.id}-title`}
            >
              <h2 id={`${section.id}-title`}>
                {index + 1}. {section.title}
              </h2>
              {section.body}
            </section>
          ))}
        </div>
        <footer className={styles.footer}>
          <p>{withPart(t('doc.related'), 'link', <Link to={related.to}>{related.label}</Link>)}</p>
          <Link to="/" className={styles.home}>
            {t('doc.home')}
          </Link>
        </footer>
      </article>
    </>
  );
}

/**
 * The sentence inviting questions: with the contact address linked when one is configured ('… are welcome at
 * help@example.com.'), else without.
 */
export function askSentence(
  t: Translate<LegalTexts>,
  keys: { without: LegalKey; at: LegalKey },
  email: string | undefined,
): ReactNode {
  return email ? withPart(t(keys.at), 'email', <a href={`mailto:${email}`}>{email}</a>) : t(keys.without);
}
