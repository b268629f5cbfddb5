import { useId, useState, type FormEvent } from 'react';
import type { SsoProtocol, TeamSsoBody, TeamSsoSettings } from '@catalyst/contracts';
import {
  Alert,
  Button,
  Card,
  Spinner,
  TextField,
  useApiData,
  useStrings,
  withPart,
  type ApiClient,
} from '@catalyst/web-kit';
import { formErrorOf, type FormError } from '../billing/formError';
import { accountStrings } from '../i18n/en';
import { idpFieldsFromMetadata } from './samlMetadata';
import { SsoDomainList } from './SsoDomainList';
import styles from './Team.module.css';

/** Domains as typed: separated by commas, spaces or new lines. */
export const typedDomains = (text: string) => text.split(/[\s,;]+/).filter(Boolean);

interface Fields {
  protocol: SsoProtocol;
  issuer: string;
  clientId: string;
  clientSecret: string;
  entityId: string;
  ssoUrl: string;
  certificate: string;
  domains: string;
  required: boolean;
}

const fieldsOf = (settings: TeamSsoSettings | null): Fields => ({
  protocol: settings?.protocol ?? 'oidc',
  issuer: settings?.protocol === 'oidc' ? settings.issuer : '',
  clientId: settings?.protocol === 'oidc' ? settings.clientId : '',
  clientSecret: '',
  entityId: settings?.protocol === 'saml' ? settings.entityId : '',
  ssoUrl: settings?.protocol === 'saml' ? settings.ssoUrl : '',
  certificate: settings?.protocol === 'saml' ? settings.certificate.pem : '',
  domains: settings?.domains.map((d) => d.domain).join(', ') ?? '',
  required: settings?.required ?? false,
});

/** The save's body for the protocol chosen: only that protocol's fields. */
function bodyOf(fields: Fields): TeamSsoBody {
  const shared = { domains: typedDomains(fields.domains), required: fields.required };
  if (fields.protocol === 'saml')
    return {
      protocol: 'saml',
      entityId: fields.entityId.trim(),
      ssoUrl: fields.ssoUrl.trim(),
      certificate: fields.certificate.trim(),
      ...shared,
    };
  return {
    protocol: 'oidc',
    issuer: fields.issuer.trim(),
    clientId: fields.clientId.trim(),
    ...(fields.clientSecret ? { clientSecret: fields.clientSecret } : {}),
    ...shared,
  };
}

/** What the owner gives their identity provider: this site's addresses for the protocol chosen. */
function ProviderValues({ protocol, client }: { protocol: SsoProtocol; client: ApiClient }) {
  const t = useStrings(accountStrings);
  const absolute = (path: string) => new URL(path, globalThis.location.origin).href;
  if (protocol === 'oidc')
    return (
      <p className={styles.muted}>
        {withPart(t('sso.redirect'), 'url', <code>{absolute(client.authSso.ssoCallback.url())}</code>)}
      </p>
    );
  const metadata = absolute(client.authSso.samlMetadata.url());
  return (
    <div className={styles.muted}>
      <p>{t('sso.giveValues')}</p>
      <dl>
        <dt>{t('sso.entityId')}</dt>
        <dd>
          <code>{metadata}</code>
        </dd>
        <dt>{t('sso.acs')}</dt>
        <dd>
          <code>{absolute(client.authSso.samlAcs.url())}</code>
        </dd>
      </dl>
      <p>
        {withPart(
          t('sso.metadataNote'),
          'link',
          <a href={metadata} target="_blank" rel="noreferrer">
            {t('sso.metadataLink')}
          </a>,
        )}
      </p>
    </div>
  );
}

/** A refusal about `field` (or one of its items, `domains.0`), shown under that field. */
const errorFor = (error: FormError | null, field: string) =>
  error?.field === field || error?.field?.startsWith(`${field}.`) ? error.message : null;

function SsoForm({
  teamId,
  settings,
  client,
  onChanged,
}: {
  teamId: string;
  settings: TeamSsoSettings | null;
  client: ApiClient;
  onChanged: (settings: TeamSsoSettings | null) => void;
}) {
  const t = useStrings(accountStrings);
  const [fields, setFields] = useState<Fields>(() => fieldsOf(settings));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<FormError | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const certificateId = useId();
  const metadataId = useId();
  const [metadata, setMetadata] = useState('');
  const [metadataProblem, setMetadataProblem] = useState<string | null>(null);
  const fillFromMetadata = () => {
    const read = idpFieldsFromMetadata(metadata, t);
    setMetadataProblem(typeof read === 'string' ? read : null);
    if (typeof read !== 'string') setFields((current) => ({ ...current, ...read }));
  };
  const set = (key: keyof Fields, value: string | boolean) =>
    setFields((current) => ({ ...current, [key]: value }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setSaved(null);
    try {
      const next = await client.teamSso.putSso({ params: { id: teamId }, body: bodyOf(fields) });
      setFields(fieldsOf(next));
      setSaved(t('sso.saved'));
      onChanged(next);
    } catch (err) {
      setError(formErrorOf(err, t('sso.saveFailed')));
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    setError(null);
    setSaved(null);
    try {
      await client.teamSso.deleteSso({ params: { id: teamId } });
      setFields(fieldsOf(null));
      setSaved(t('sso.removed'));
      onChanged(null);
    } catch (err) {
      setError(formErrorOf(err, t('sso.removeFailed')));
    } finally {
      setBusy(false);
    }
  };

  const fieldNames = ['issuer', 'clientId', 'clientSecret', 'entityId', 'ssoUrl', 'certificate', 'domains'];
  const general = error && !fieldNames.some((f) => errorFor(error, f));
  const certificateError = errorFor(error, 'certificate');
  const savedCertificate = settings?.protocol === 'saml' ? settings.certificate : null;
  return (
    <form className={styles.form} onSubmit={save} noValidate aria-label={t('sso.settings')}>
      <fieldset className={styles.choices}>
        <legend>{t('sso.protocol')}</legend>
        <label className={styles.choice}>
          <input
            type="radio"
            name="protocol"
            checked={fields.protocol === 'oidc'}
            onChange={() => set('protocol', 'oidc')}
          />
          OpenID Connect
        </label>
        <label className={styles.choice}>
          <input
            type="radio"
            name="protocol"
            checked={fields.protocol === 'saml'}
            onChange={() => set('protocol', 'saml')}
          />
          SAML 2.0
        </label>
      </fieldset>
      <ProviderValues protocol={fields.protocol} client={client} />
      {fields.protocol === 'oidc' ? (
        <>
          <TextField
            label={t('sso.issuer')}
            name="issuer"
            type="url"
            placeholder="https://login.example.com"
            value={fields.issuer}
            onChange={(e) => set('issuer', e.target.value)}
            error={errorFor(error, 'issuer')}
          />
          <TextField
            label={t('sso.clientId')}
            name="clientId"
            value={fields.clientId}
            onChange={(e) => set('clientId', e.target.value)}
            error={errorFor(error, 'clientId')}
          />
          <TextField
            label={t('sso.clientSecret')}
            name="clientSecret"
            type="password"
            autoComplete="off"
            value={fields.clientSecret}
            onChange={(e) => set('clientSecret', e.target.value)}
            error={errorFor(error, 'clientSecret')}
            hint={settings?.protocol === 'oidc' && settings.clientSecretSet ? t('sso.secretKept') : undefined}
          />
        </>
      ) : (
        <>
          <div className={styles.field}>
            <label className={styles.label} htmlFor={metadataId}>
              {t('sso.metadataLabel')}
            </label>
            <textarea
              id={metadataId}
              className={styles.addresses}
              value={metadata}
              onChange={(e) => setMetadata(e.target.value)}
              aria-invalid={metadataProblem ? true : undefined}
            />
            {metadataProblem ? (
              <p className={styles.error} role="alert">
                {metadataProblem}
              </p>
            ) : null}
            <div>
              <Button type="button" variant="secondary" onClick={fillFromMetadata}>
                {t('sso.fill')}
              </Button>
            </div>
          </div>
          <TextField
            label={t('sso.idpEntityId')}
            name="entityId"
            placeholder="https://idp.example.com/saml"
            value={fields.entityId}
            onChange={(e) => set('entityId', e.target.value)}
            error={errorFor(error, 'entityId')}
          />
          <TextField
            label={t('sso.ssoUrl')}
            name="ssoUrl"
            type="url"
            placeholder="https://idp.example.com/saml/sso"
            value={fields.ssoUrl}
            onChange={(e) => set('ssoUrl', e.target.value)}
            error={errorFor(error, 'ssoUrl')}
            hint={t('sso.ssoUrlHint')}
          />
          <div className={styles.field}>
            <label className={styles.label} htmlFor={certificateId}>
              {t('sso.certificate')}
            </label>
            <textarea
              id={certificateId}
              name="certificate"
              className={styles.addresses}
              placeholder="-----BEGIN CERTIFICATE-----"
              value={fields.certificate}
              onChange={(e) => set('certificate', e.target.value)}
              aria-invalid={certificateError ? true : undefined}
              aria-describedby={`${certificateId}-hint`}
            />
            <p id={`${certificateId}-hint`} className={styles.hint}>
              {savedCertificate
                ? t('sso.certificateSaved', {
                    subject: savedCertificate.subject,
                    date: savedCertificate.validTo.slice(0, 10),
                  })
                : t('sso.certificateHint')}
            </p>
            {certificateError ? (
              <p className={styles.error} role="alert">
                {certificateError}
              </p>
            ) : null}
          </div>
        </>
      )}
      <TextField
        label={t('sso.domains')}
        name="domains"
        placeholder="example.com, example.org"
        value={fields.domains}
        onChange={(e) => set('domains', e.target.value)}
        error={errorFor(error, 'domains')}
        hint={t('sso.domainsHint')}
      />
      <label className={styles.choice}>
        <input
          type="checkbox"
          name="required"
          checked={fields.required}
          onChange={(e) => set('required', e.target.checked)}
        />
        {t('sso.require')}
      </label>
      {general ? <Alert tone="danger">{error.message}</Alert> : null}
      {saved ? (
        <Alert tone="success" reveal>
          {saved}
        </Alert>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" loading={busy} disabled={busy}>
          {t('sso.save')}
        </Button>
        {settings ? (
          <Button type="button" variant="secondary" disabled={busy} onClick={() => void remove()}>
            {t('sso.remove')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** The owner's "Single sign-on" card: the team's identity provider, its client and the domains it signs in. */
export function SsoCard({
  teamId,
  client,
  onChanged,
}: {
  teamId: string;
  client: ApiClient;
  onChanged?: () => void;
}) {
  const t = useStrings(accountStrings);
  const current = useApiData(client.teamSso.getSso, { params: { id: teamId } });
  const [changed, setChanged] = useState<{ settings: TeamSsoSettings | null } | null>(null);
  const settings = changed ? changed.settings : (current.data ?? null);
  const changeTo = (next: TeamSsoSettings | null) => {
    setChanged({ settings: next });
    onChanged?.();
  };
  return (
    <Card as="section" className={styles.card} aria-labelledby="team-sso">
      <h2 id="team-sso">{t('sso.group')}</h2>
      <p className={styles.muted}>{t('sso.lead')}</p>
      {current.error ? (
        <Alert tone="danger">{formErrorOf(current.error, t('sso.loadFailed')).message}</Alert>
      ) : current.data === undefined && !changed ? (
        <Spinner message={t('sso.loading')} />
      ) : (
        <>
          <SsoForm teamId={teamId} settings={settings} client={client} onChanged={changeTo} />
          {settings?.domains.length ? (
            <SsoDomainList teamId={teamId} settings={settings} client={client} onChanged={changeTo} />
          ) : null}
        </>
      )}
    </Card>
  );
}
