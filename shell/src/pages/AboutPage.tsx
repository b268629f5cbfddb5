import { Link } from 'react-router-dom';
import { buttonClassName, useDocumentTitle, useSiteConfig } from '@catalyst/web-kit';
import styles from './AboutPage.module.css';

const INSTRUCTOR = 'Alex Morgan';

/** The instructor's biography (login guarded, like the footer's About link). */
export default function AboutPage() {
  const site = useSiteConfig();
  useDocumentTitle('About');
  const phoneHref = site.contactPhone ? `tel:${site.contactPhone.replace(/[^+\d]/g, '')}` : '';
  return (
    <article className={styles.about}>
      <header className={styles.intro}>
        <span className={styles.portrait} aria-hidden="true">
          {INSTRUCTOR.split(' ')
            .map((word) => word.charAt(0))
            .join('')}
        </span>
        <div>
          <p className={styles.kicker}>About the instructor</p>
          <h1>Hi, I’m {INSTRUCTOR}</h1>
          <p className={styles.lead}>
            Engineer, physicist by training and the teacher behind {site.name}. I build the courses I wish I
            had had when I was starting out.
          </p>
        </div>
      </header>

      <section className={styles.block} aria-labelledby="about-story">
        <h2 id="about-story">My story</h2>
        <p>
          I fell in love with programming while writing small simulations for physics labs: a few dozen lines
          of code that could show how a pendulum swings or how heat spreads through a metal bar. That moment —
          seeing an idea come alive on a screen — has stayed with me ever since.
        </p>
        <p>
          For more than fifteen years I have worked between software and science: building data pipelines for
          research groups, leading product teams that ship web applications used by millions of people, and
          mentoring junior developers through their first production releases. Along the way I noticed that
          the people who grew fastest were not the ones with the most talent, but the ones who learned a
          little every day and finished what they started.
        </p>
        <p>
          {site.name} is built on that belief. Every course here comes from real projects, is cut into lessons
          you can finish in one sitting, and remembers exactly where you stopped, so the next step is always
          one click away.
        </p>
      </section>

      <section className={styles.block} aria-labelledby="about-education">
        <h2 id="about-education">Education</h2>
        <ul className={styles.degrees}>
          <li>
            <strong>Master of Science in Computer Science</strong>
            <span>Distributed systems, algorithms and machine learning</span>
          </li>
          <li>
            <strong>Bachelor of Science in Applied Physics</strong>
            <span>Computational physics, signal processing and experimental methods</span>
          </li>
        </ul>
      </section>

      <section className={styles.block} aria-labelledby="about-teaching">
        <h2 id="about-teaching">How I teach</h2>
        <ul className={styles.principles}>
          <li>
            <strong>Build first.</strong> Every concept is introduced through something you make and can show.
          </li>
          <li>
            <strong>Small steps.</strong> Short lessons, clear goals, and progress you can see.
          </li>
          <li>
            <strong>Understand why.</strong> The physics habit: know the principle, and the details follow.
          </li>
        </ul>
      </section>

      <figure className={styles.quote}>
        <blockquote>
          <p>“The beautiful thing about learning is that nobody can take it away from you.”</p>
        </blockquote>
        <figcaption>— B.B. King</figcaption>
      </figure>

      {site.contactEmail || site.contactPhone ? (
        <section className={styles.block} aria-labelledby="about-contact">
          <h2 id="about-contact">Get in touch</h2>
          <p>Questions about a course, or an idea for the next one? I read every message.</p>
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
