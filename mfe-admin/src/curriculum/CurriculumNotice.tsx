import { useStrings } from '@catalyst/web-kit';
import { consoleStrings } from '../i18n/console/en';
import styles from './Curriculum.module.css';

/** Where a new course's curriculum will be: it needs the product saved first (its lessons hang off its id). */
export function CurriculumNotice() {
  const t = useStrings(consoleStrings);
  return (
    <section className={styles.editor} aria-labelledby="curriculum-notice-heading">
      <h2 id="curriculum-notice-heading" className={styles.heading}>
        {t('curriculum.title')}
      </h2>
      <p className={styles.intro}>{t('curriculum.saveFirst')}</p>
    </section>
  );
}
