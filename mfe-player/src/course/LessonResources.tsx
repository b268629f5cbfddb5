import { Download } from '@catalyst/web-kit/icons';
import { useId } from 'react';
import type { LessonResource } from '@catalyst/contracts';
import { formatFileSize, useStrings } from '@catalyst/web-kit';
import { playerStrings } from '../i18n/en';
import styles from './CoursePage.module.css';

/** A lesson's downloadable files: signed, expiring links the server answers as attachments with their original names. */
export function LessonResources({ resources }: { resources: readonly LessonResource[] }) {
  const t = useStrings(playerStrings);
  const id = useId();
  if (resources.length === 0) return null;
  return (
    <section className={styles.resources} aria-labelledby={`${id}-title`} data-testid="lesson-resources">
      <h3 id={`${id}-title`}>{t('resources.title')}</h3>
      <ul>
        {resources.map((resource) => (
          <li key={resource.id} className={styles.resource}>
            <a href={resource.url} download={resource.fileName}>
              <Download size={16} aria-hidden="true" focusable="false" />
              {resource.title}
            </a>
            <span className={styles.lessonMeta}>
              {resource.fileName} · {formatFileSize(resource.size)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
