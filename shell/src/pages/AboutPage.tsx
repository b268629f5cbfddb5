import { useDocumentTitle } from '@catalyst/web-kit';
import styles from './Pages.module.css';

export function AboutPage() {
  useDocumentTitle('About');
  return (
    <article className={styles.prose}>
      <h1>About the instructor</h1>
      <p>
        I studied computer science and applied physics, and I have spent my career between the two: building software
        that measures, models and explains the physical world, and teaching people how to do the same.
      </p>
      <h2>Education</h2>
      <ul>
        <li>Degree in Computer Science</li>
        <li>Degree in Applied Physics</li>
      </ul>
      <h2>Why this library exists</h2>
      <p>
        Every course here is built from real projects. The goal is not to collect certificates but to change what you can
        do on Monday morning.
      </p>
      <blockquote className={styles.quote}>“The expert in anything was once a beginner.” — Helen Hayes</blockquote>
    </article>
  );
}
