import { Link } from 'react-router-dom';
import { buttonClassName, useDocumentTitle, useSiteConfig } from '@catalyst/web-kit';
import styles from './AboutPage.module.css';

/** Catalyst's creators (the demo catalogue's, services/content/src/demo/catalog.ts) and what each teaches here. */
export const CREATORS: ReadonlyArray<{ name: string; bio: string; teaches: string }> = [
  {
    name: 'Maya Chen',
    bio: 'Front-end architect who has shipped design systems for three unicorns.',
    teaches: 'HTML, CSS, JavaScript and React, and the Design Systems Workshop.',
  },
  {
    name: 'Daniel Okafor',
    bio: 'Back-end engineer and database tuner; writes about Postgres and Node.js.',
    teaches: 'REST APIs with Node.js, TypeScript, SQL, web performance and the PostgreSQL webinar.',
  },
  {
    name: 'Priya Raman',
    bio: 'Data scientist teaching statistics and machine learning without the jargon.',
    teaches: 'Python, statistics, machine learning, deep learning, A/B testing and the LLM webinar.',
  },
  {
    name: 'Lucas Moreau',
    bio: 'Product designer focused on typography, colour and design critique.',
    teaches: 'UI design, typography, Figma, colour, data visualisation and the live critiques.',
  },
  {
    name: 'Sofia Alvarez',
    bio: 'Startup advisor and former CFO; makes finance and strategy practical.',
    teaches: 'Startup finance, pricing, OKRs, business plans, content marketing and the fundraising Q&A.',
  },
  {
    name: 'Kenji Watanabe',
    bio: 'Travel and portrait photographer with twenty years behind the lens.',
    teaches: 'Exposure, composition, lighting, Lightroom, street and night photography, and buying gear.',
  },
  {
    name: 'Amara Nwosu',
    bio: 'Producer and mix engineer for independent artists and podcasts.',
    teaches: 'Music production, theory, mixing, mastering, sound design, home studios and podcast audio.',
  },
  {
    name: 'Elena Petrova',
    bio: 'Leadership coach and UX researcher who bridges people and products.',
    teaches: 'User research, accessibility audits, remote leadership, negotiation and the release Q&A.',
  },
];

const initials = (name: string) =>
  name
    .split(' ')
    .map((word) => word.charAt(0))
    .join('');

/** What Catalyst is and who teaches on it (login guarded, like the footer's About link). */
export default function AboutPage() {
  const site = useSiteConfig();
  useDocumentTitle('About');
  const phoneHref = site.contactPhone ? `tel:${site.contactPhone.replace(/[^+\d]/g, '')}` : '';
  return (
    <article className={styles.about}>
      <header className={styles.intro}>
        <div>
          <p className={styles.kicker}>About {site.name}</p>
          <h1>Learn from people who do the work</h1>
          <p className={styles.lead}>
            {site.name} gathers courses, tutorials, videos, written guides and live webinars by{' '}
            {CREATORS.length} creators, each teaching what they do for a living.
          </p>
        </div>
      </header>

      <section className={styles.block} aria-labelledby="about-how">
        <h2 id="about-how">How it works</h2>
        <ul className={styles.principles}>
          <li>
            <strong>Courses</strong> are cut into short lessons in sections, with resources to download, and
            end with an exercise or a quiz. The first lesson of every course is a free preview.
          </li>
          <li>
            <strong>Your place is kept</strong> in every video and lesson, on any device, and a finished
            course earns a certificate anyone can verify.
          </li>
          <li>
            <strong>Webinars</strong> are live question-and-answer sessions: watch the last one’s recording
            and register for the next.
          </li>
          <li>
            <strong>Free items</strong> open to everyone signed in; Premium opens the whole catalogue.
          </li>
        </ul>
      </section>

      <section className={styles.block} aria-labelledby="about-creators">
        <h2 id="about-creators">The creators</h2>
        <ul className={styles.creators}>
          {CREATORS.map((creator) => (
            <li key={creator.name}>
              <span className={styles.portrait} aria-hidden="true">
                {initials(creator.name)}
              </span>
              <div>
                <h3>{creator.name}</h3>
                <p>{creator.bio}</p>
                <p className={styles.teaches}>Teaches {creator.teaches}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      {site.contactEmail || site.contactPhone ? (
        <section className={styles.block} aria-labelledby="about-contact">
          <h2 id="about-contact">Get in touch</h2>
          <p>Questions about a course, or an idea for the next one? We read every message.</p>
          <ul className={styles.contact}>
            {site.contactEmail ? (
              <li>
                E-mail: <a href={`mailto:${site.contactEmail}`}>{site.contactEmail}</a>
              </li>
            ) : null}
            {site.contactPhone ? (
              <li>
                Phone: <a href={phoneHref}>{site.contactPhone}</a>
              </li>
            ) : null}
          </ul>
        </section>
      ) : null}

      <p className={styles.actions}>
        <Link to="/browse" className={buttonClassName('primary', 'lg')}>
          Start learning
        </Link>
      </p>
    </article>
  );
}
