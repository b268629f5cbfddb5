import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { CREATOR_LINKS_MAX, type CreatorLink, type CreatorProfile } from '@catalyst/contracts';
import {
  Alert,
  api,
  Button,
  creatorPagePath,
  ErrorScreen,
  isApiRequestError,
  Spinner,
  TextField,
  useApiData,
  useDocumentTitle,
  useStrings,
} from '@catalyst/web-kit';
import { consoleStrings } from '../../i18n/console/en';
import styles from '../../common/Admin.module.css';
import form from '../../common/Form.module.css';
import { TextAreaField } from '../../common/FormControls';
import { StudioNav } from '../StudioNav';

type Errors = Record<string, string>;

/** The bio and links, as read; saved in one request, the server's message beside the field at fault. */
function ProfileForm({ initial }: { initial: CreatorProfile }) {
  const t = useStrings(consoleStrings);
  const [description, setDescription] = useState(initial.description);
  const [links, setLinks] = useState<CreatorLink[]>(initial.links);
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const setLink = (at: number, change: Partial<CreatorLink>) =>
    setLinks((all) => all.map((link, i) => (i === at ? { ...link, ...change } : link)));

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setStatus(null);
    setErrors({});
    try {
      const saved = await api.creatorProfile.save({ body: { description, links } });
      setDescription(saved.description);
      setLinks(saved.links);
      setStatus({ tone: 'success', text: t('studio.profile.saved') });
    } catch (e) {
      if (isApiRequestError(e)) {
        setErrors(Object.fromEntries((e.errors ?? []).map((fault) => [fault.field, fault.message])));
        setStatus({ tone: 'danger', text: e.message });
      } else setStatus({ tone: 'danger', text: t('studio.unreachable') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={form.form} onSubmit={(event) => void save(event)} noValidate>
      <TextAreaField
        label={t('studio.profile.bio')}
        value={description}
        rows={5}
        maxLength={2000}
        error={errors.description}
        onChange={(event) => setDescription(event.target.value)}
      />
      <fieldset className={form.choices}>
        <legend>{t('studio.profile.links')}</legend>
        {links.map((link, at) => (
          <div key={at} className={form.row}>
            <TextField
              label={t('studio.profile.linkLabel', { number: at + 1 })}
              value={link.label}
              maxLength={40}
              error={errors[`links.${at}.label`]}
              onChange={(event) => setLink(at, { label: event.target.value })}
            />
            <TextField
              label={t('studio.profile.linkAddress', { number: at + 1 })}
              type="url"
              inputMode="url"
              placeholder="https://"
              value={link.url}
              error={errors[`links.${at}.url`]}
              onChange={(event) => setLink(at, { url: event.target.value })}
            />
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => setLinks((all) => all.filter((_, i) => i !== at))}
            >
              {t('studio.profile.removeLink', { number: at + 1 })}
            </Button>
          </div>
        ))}
        {links.length < CREATOR_LINKS_MAX ? (
          <Button
            type="button"
            variant="secondary"
            size="sm"
            onClick={() => setLinks((all) => [...all, { label: '', url: '' }])}
          >
            {t('studio.profile.addLink')}
          </Button>
        ) : null}
      </fieldset>
      {status ? (
        <Alert tone={status.tone} reveal>
          {status.text}
        </Alert>
      ) : null}
      <div className={form.buttons}>
        <Button type="submit" loading={busy}>
          {t('royalties.save')}
        </Button>
      </div>
    </form>
  );
}

/** /studio/profile: the creator's public page as they write it — the bio and up to six links. */
export function StudioProfilePage() {
  const t = useStrings(consoleStrings);
  useDocumentTitle(t('studio.profile.title'));
  const { data, error, reload } = useApiData(api.creatorProfile.get);
  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>{t('studio.profile.title')}</h1>
          {data ? (
            <p className={styles.subtitle}>
              {t('studio.profile.subtitle')}{' '}
              <Link to={creatorPagePath(data.slug)}>{t('studio.profile.view')}</Link>
            </p>
          ) : null}
        </div>
      </header>
      <StudioNav />
      {error ? (
        isApiRequestError(error) && error.status === 404 ? (
          <Alert tone="info">{error.message}</Alert>
        ) : (
          <ErrorScreen
            message={t('studio.profile.failed')}
            onRetry={reload}
            retryLabel={t('revisions.tryAgain')}
          />
        )
      ) : !data ? (
        <Spinner message={t('studio.profile.loading')} />
      ) : (
        <ProfileForm initial={data} />
      )}
    </section>
  );
}
