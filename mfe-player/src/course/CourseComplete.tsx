import { Award } from '@catalyst/web-kit/icons';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { certificatePagePath } from '@catalyst/contracts';
import { buttonClassName, LEARNING_RECORD_PATH, useStrings, withPart } from '@catalyst/web-kit';
import { playerStrings } from '../i18n/en';
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
  const t = useStrings(playerStrings);
  const id = useId();
  const found = useCourseCertificate(productId, retryDelays);
  return (
    <section className={styles.courseComplete} aria-labelledby={`${id}-title`} data-testid="course-complete">
      <h2 id={`${id}-title`}>
        <Award size={22} aria-hidden="true" focusable="false" /> {t('complete.title')}
      </h2>
      <div aria-live="polite">
        {found.status === 'ready' ? (
          <>
            <p>{t('complete.ready')}</p>
            <div className={styles.actions}>
              <Link
                className={buttonClassName('primary', 'sm')}
                to={certificatePagePath(found.certificate.code)}
              >
                {t('complete.view')}
              </Link>
              <a className={buttonClassName('secondary', 'sm')} href={found.certificate.pdfUrl} download>
                {t('complete.pdf')}
              </a>
            </div>
          </>
        ) : found.status === 'pending' || found.status === 'error' ? (
          <p>
            {t(found.status === 'pending' ? 'complete.pending' : 'complete.error')}{' '}
            {withPart(
              t('complete.inRecord'),
              'link',
              <Link to={LEARNING_RECORD_PATH}>{t('complete.record')}</Link>,
            )}
          </p>
        ) : (
          <p>{t('complete.issuing')}</p>
        )}
      </div>
    </section>
  );
}
