import styles from './Curriculum.module.css';

/** Where a new course's curriculum will be: it needs the product saved first (its lessons hang off its id). */
export function CurriculumNotice() {
  return (
    <section className={styles.editor} aria-labelledby="curriculum-notice-heading">
      <h2 id="curriculum-notice-heading" className={styles.heading}>
        Curriculum
      </h2>
      <p className={styles.intro}>Save the product first to build its curriculum.</p>
    </section>
  );
}
