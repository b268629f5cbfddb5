import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styles from './LegalDocument.module.css';

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

/** A legal text: title, contents, numbered sections, links to the other text and home. */
export function LegalDocument({ title, meta, intro, sections, related }: LegalDocumentProps) {
  return (
    <article className={styles.doc} aria-labelledby="legal-title">
      <header className={styles.header}>
        <h1 id="legal-title">{title}</h1>
        {meta ? <p className={styles.meta}>{meta}</p> : null}
        <div className={styles.intro}>{intro}</div>
      </header>
      <nav className={styles.toc} aria-label="Contents">
        <h2 className={styles.tocTitle}>Contents</h2>
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
        <p>
          Please also read our <Link to={related.to}>{related.label}</Link>.
        </p>
        <Link to="/" className={styles.home}>
          ← Back to home
        </Link>
      </footer>
    </article>
  );
}

/** " at <address>" after a sentence that invites questions, or nothing when no contact is configured. */
export function ContactClause({ email }: { email?: string }) {
  if (!email) return null;
  return (
    <>
      {' '}
      at <a href={`mailto:${email}`}>{email}</a>
    </>
  );
}
