import { Award } from '@catalyst/web-kit/icons';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { certificatePagePath } from '@catalyst/contracts';
import { buttonClassName, LEARNING_RECORD_PATH } from '@catalyst/web-kit';
import { useCourseCertificate } from './useCourseCertificate';
import styles from './CoursePage.module.css';

/** A completed course: says so, and leads to its certificate (its page and its PDF) once issued. */
export function CourseComplete({
  productId,
  retryDelays,
}: {
  productId: string;
  retryDelays?: readonly number[];
}) {
  const id = useId();
  const found = useCourseCertificate(productId, retryDelays);
  return (
    <section className={styles.courseComplete} aria-labelledby={`${id}-title`} data-testid="course-complete">
      <h2 id={`${id}-title`}>
        <Award size={22} aria-hidden="true" focusable="false" /> Course complete
      </h2>
      <div aria-live="polite">
        {found.status === 'ready' ? (
          <>
            <p>Your certificate of completion is ready to share.</p>
            <div className={styles.actions}>
              <Link
                className={buttonClassName('primary', 'sm')}
                to={certificatePagePath(found.certificate.code)}
              >
                View certificate
              </Link>
              <a className={buttonClassName('secondary', 'sm')} href={found.certificate.pdfUrl} download>
                Download PDF
              </a>
            </div>
          </>
        ) : found.status === 'pending' || found.status === 'error' ? (
          <p>
            {found.status === 'pending'
              ? 'Your certificate is being issued.'
              : "We couldn't load your certificate right now."}{' '}
            It will be in your <Link to={LEARNING_RECORD_PATH}>learning record</Link>.
          </p>
        ) : (
          <p>Issuing your certificate...</p>
        )}
      </div>
    </section>
  );
}
