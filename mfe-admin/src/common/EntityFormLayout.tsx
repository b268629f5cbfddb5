import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Button, Spinner, buttonClassName, useStrings } from '@catalyst/web-kit';
import { adminStrings } from '../i18n/en';
import styles from './Admin.module.css';
import formStyles from './Form.module.css';
import type { EntityForm } from './useEntityForm';

export interface EntityFormLayoutProps {
  form: Pick<
    EntityForm<{ slug: string }>,
    'isEdit' | 'title' | 'loading' | 'loadFailure' | 'saving' | 'saveError' | 'submit'
  >;
  listPath: string;
  /** 'Back to Categories' */
  backLabel: string;
  loadingMessage: string;
  submitLabels: { create: string; edit: string };
  /** The form's fields. */
  children: ReactNode;
  /** What follows the form on its page, outside it (a course's curriculum, which saves on its own). */
  after?: ReactNode;
}

/** An admin form page: the spinner while loading, the load failure with a way back, or the form with its save error, Cancel and Save. */
export function EntityFormLayout({
  form,
  listPath,
  backLabel,
  loadingMessage,
  submitLabels,
  children,
  after,
}: EntityFormLayoutProps) {
  const t = useStrings(adminStrings);
  if (form.loading) return <Spinner message={loadingMessage} />;
  if (form.loadFailure) {
    return (
      <section className={styles.page}>
        <h1 className={styles.title}>{form.title}</h1>
        <Alert tone="danger">{form.loadFailure.message}</Alert>
        <div>
          <Link className={buttonClassName('secondary')} to={listPath}>
            {backLabel}
          </Link>
        </div>
      </section>
    );
  }

  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{form.title}</h1>
        <Link className={buttonClassName('secondary')} to={listPath}>
          {backLabel}
        </Link>
      </header>
      <form className={formStyles.form} onSubmit={(event) => void form.submit(event)} noValidate>
        {form.saveError ? (
          <Alert tone="danger" reveal>
            {form.saveError}
          </Alert>
        ) : null}
        {children}
        <div className={formStyles.buttons}>
          <Link className={buttonClassName('secondary')} to={listPath}>
            {t('common.cancel')}
          </Link>
          <Button type="submit" loading={form.saving}>
            {form.isEdit ? submitLabels.edit : submitLabels.create}
          </Button>
        </div>
      </form>
      {after}
    </section>
  );
}
