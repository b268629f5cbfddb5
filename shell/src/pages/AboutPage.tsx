import { Link } from 'react-router-dom';
import { PREMIUM_PLAN } from '@catalyst/contracts/plan';
import { buttonClassName, useDocumentTitle, useSiteConfig, useStrings, withPart } from '@catalyst/web-kit';
import { shellPageStrings } from '../i18n/pages/en';
import styles from './AboutPage.module.css';

/** Catalyst's creators (the demo catalogue's, services/content/src/demo/catalog.ts) and what each teaches here. */
const CREATORS = [
  { name: 'Maya Chen', bio: 'about.bioMaya', teaches: 'about.teachesMaya' },
  { name: 'Daniel Okafor', bio: 'about.bioDaniel', teaches: 'about.teachesDaniel' },
  { name: 'Priya Raman', bio: 'about.bioPriya', teaches: 'about.teachesPriya' },
  { name: 'Lucas Moreau', bio: 'about.bioLucas', teaches: 'about.teachesLucas' },
  { name: 'Sofia Alvarez', bio: 'about.bioSofia', teaches: 'about.teachesSofia' },
  { name: 'Kenji Watanabe', bio: 'about.bioKenji', teaches: 'about.teachesKenji' },
  { name: 'Amara Nwosu', bio: 'about.bioAmara', teaches: 'about.teachesAmara' },
  { name: 'Elena Petrova', bio: 'about.bioElena', teaches: 'about.teachesElena' },
] as const;

/** How it works: each principle's term (in bold) and the sentence it starts. */
const PRINCIPLES = [
  ['about.coursesTerm', 'about.courses'],
  ['about.placeTerm', 'about.place'],
  ['about.webinarsTerm', 'about.webinars'],
  ['about.freeTerm', 'about.free'],
] as const;

const initials = (name: string) =>
  name
    .split(' ')
    .map((word) => word.charAt(0))
    .join('');

/** What Catalyst is and who teaches on it (login guarded, like the footer's About link). */
export default function AboutPage() {
  const t = useStrings(shellPageStrings);
  const site = useSiteConfig();
  useDocumentTitle(t('about.documentTitle'));
  const phoneHref = site.contactPhone ? `tel:${site.contactPhone.replace(/[^+\d]/g, '')}` : '';
  return (
    <article className={styles.about}>
      <header className={styles.intro}>
        <div>
          <p className={styles.kicker}>{t('about.kicker', { site: site.name })}</p>
          <h1>{t('about.title')}</h1>
          <p className={styles.lead}>{t('about.lead', { site: site.name, count: CREATORS.length })}</p>
        </div>
      </header>

      <section className={styles.block} aria-labelledby="about-how">
        <h2 id="about-how">{t('about.how')}</h2>
        <ul className={styles.principles}>
          {PRINCIPLES.map(([term, text]) => (
            <li key={term}>
              {withPart(t(text, { plan: PREMIUM_PLAN.name }), 'term', <strong>{t(term)}</strong>)}
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.block} aria-labelledby="about-creators">
        <h2 id="about-creators">{t('about.creators')}</h2>
        <ul className={styles.creators}>
          {CREATORS.map((creator) => (
            <li key={creator.name}>
              <span className={styles.portrait} aria-hidden="true">
                {initials(creator.name)}
              </span>
              <div>
                <h3>{creator.name}</h3>
                <p>{t(creator.bio)}</p>
                <p className={styles.teaches}>{t(creator.teaches)}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      {site.contactEmail || site.contactPhone ? (
        <section className={styles.block} aria-labelledby="about-contact">
          <h2 id="about-contact">{t('about.contactTitle')}</h2>
          <p>{t('about.contactText')}</p>
          <ul className={styles.contact}>
            {site.contactEmail ? (
              <li>
                {withPart(
                  t('about.email'),
                  'link',
                  <a href={`mailto:${site.contactEmail}`}>{site.contactEmail}</a>,
                )}
              </li>
            ) : null}
            {site.contactPhone ? (
              <li>{withPart(t('about.phone'), 'link', <a href={phoneHref}>{site.contactPhone}</a>)}</li>
            ) : null}
          </ul>
        </section>
      ) : null}

      <p className={styles.actions}>
        <Link to="/browse" className={buttonClassName('primary', 'lg')}>
          {t('about.start')}
        </Link>
      </p>
    </article>
  );
}
