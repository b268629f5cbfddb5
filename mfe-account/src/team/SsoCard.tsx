import { useId, useState, type FormEvent } from 'react';
import type { SsoProtocol, TeamSsoBody, TeamSsoSettings } from '@catalyst/contracts';
import { Alert, Button, Card, Spinner, TextField, useApiData, type ApiClient } from '@catalyst/web-kit';
import { formErrorOf, type FormError } from '../billing/formError';
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
  const absolute = (path: string) => new URL(path, globalThis.location.origin).href;
  if (protocol === 'oidc')
    return (
      <p className={styles.muted}>
        Register this sign-in (redirect) address with your identity provider:{' '}
        <code>{absolute(client.authSso.ssoCallback.url())}</code>
      </p>
    );
  const metadata = absolute(client.authSso.samlMetadata.url());
  return (
    <div className={styles.muted}>
      <p>Give your identity provider these values (or its metadata):</p>
      <dl>
        <dt>Entity ID (audience)</dt>
        <dd>
          <code>{metadata}</code>
        </dd>
        <dt>Assertion consumer service (ACS) URL</dt>
        <dd>
          <code>{absolute(client.authSso.samlAcs.url())}</code>
        </dd>
      </dl>
      <p>
        <a href={metadata} target="_blank" rel="noreferrer">
          Service provider metadata (XML)
        </a>
        . Name ID format: e-mail address; assertions must be signed.
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
  const [fields, setFields] = useState<Fields>(() => fieldsOf(settings));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<FormError | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const certificateId = useId();
  const metadataId = useId();
  const [metadata, setMetadata] = useState('');
  const [metadataProblem, setMetadataProblem] = useState<string | null>(null);
  const fillFromMetadata = () => {
    const read = idpFieldsFromMetadata(metadata);
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
      setSaved('Single sign-on saved.');
      onChanged(next);
    } catch (err) {
      setError(formErrorOf(err, 'Single sign-on could not be saved.'));
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
      setSaved('Single sign-on removed.');
      onChanged(null);
    } catch (err) {
      setError(formErrorOf(err, 'Single sign-on could not be removed.'));
    } finally {
      setBusy(false);
    }
  };

  const fieldNames = ['issuer', 'clientId', 'clientSecret', 'entityId', 'ssoUrl', 'certificate', 'domains'];
  const general = error && !fieldNames.some((f) => errorFor(error, f));
  const certificateError = errorFor(error, 'certificate');
  const savedCertificate = settings?.protocol === 'saml' ? settings.certificate : null;
  return (
    <form className={styles.form} onSubmit={save} noValidate aria-label="Single sign-on settings">
      <fieldset className={styles.choices}>
        <legend>Protocol</legend>
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
            label="Issuer URL"
            name="issuer"
            type="url"
            placeholder="https://login.example.com"
            value={fields.issuer}
            onChange={(e) => set('issuer', e.target.value)}
            error={errorFor(error, 'issuer')}
          />
          <TextField
            label="Client ID"
            name="clientId"
            value={fields.clientId}
            onChange={(e) => set('clientId', e.target.value)}
            error={errorFor(error, 'clientId')}
          />
          <TextField
            label="Client secret"
            name="clientSecret"
            type="password"
            autoComplete="off"
            value={fields.clientSecret}
            onChange={(e) => set('clientSecret', e.target.value)}
            error={errorFor(error, 'clientSecret')}
            hint={
              settings?.protocol === 'oidc' && settings.clientSecretSet
                ? 'A secret is kept. Leave this empty to keep it.'
                : undefined
            }
          />
        </>
      ) : (
        <>
          <div className={styles.field}>
            <label className={styles.label} htmlFor={metadataId}>
              Identity provider metadata (XML), to fill in the fields below
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
                Fill in from metadata
              </Button>
            </div>
          </div>
          <TextField
            label="Identity provider entity ID"
            name="entityId"
            placeholder="https://idp.example.com/saml"
            value={fields.entityId}
            onChange={(e) => set('entityId', e.target.value)}
            error={errorFor(error, 'entityId')}
          />
          <TextField
            label="Single sign-on URL"
            name="ssoUrl"
            type="url"
            placeholder="https://idp.example.com/saml/sso"
            value={fields.ssoUrl}
            onChange={(e) => set('ssoUrl', e.target.value)}
            error={errorFor(error, 'ssoUrl')}
            hint="The HTTP-Redirect binding's address."
          />
          <div className={styles.field}>
            <label className={styles.label} htmlFor={certificateId}>
              Signing certificate
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
                ? `Saved: ${savedCertificate.subject}, valid until ${savedCertificate.validTo.slice(0, 10)}.`
                : 'The PEM text of the certificate your identity provider signs with.'}
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
        label="E-mail domains"
        name="domains"
        placeholder="example.com, example.org"
        value={fields.domains}
        onChange={(e) => set('domains', e.target.value)}
        error={errorFor(error, 'domains')}
        hint="People with these addresses sign in through your identity provider and get a seat, once the domain is verified. They are the team’s domains: remove one under Domains."
      />
      <label className={styles.choice}>
        <input
          type="checkbox"
          name="required"
          checked={fields.required}
          onChange={(e) => set('required', e.target.checked)}
        />
        Require single sign-on (password sign-in is refused for these domains)
      </label>
      {general ? <Alert tone="danger">{error.message}</Alert> : null}
      {saved ? (
        <Alert tone="success" reveal>
          {saved}
        </Alert>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" loading={busy} disabled={busy}>
          Save single sign-on
        </Button>
        {settings ? (
          <Button type="button" variant="secondary" disabled={busy} onClick={() => void remove()}>
            Remove single sign-on
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
  const current = useApiData(client.teamSso.getSso, { params: { id: teamId } });
  const [changed, setChanged] = useState<{ settings: TeamSsoSettings | null } | null>(null);
  const settings = changed ? changed.settings : (current.data ?? null);
  const changeTo = (next: TeamSsoSettings | null) => {
    setChanged({ settings: next });
    onChanged?.();
  };
  return (
    <Card as="section" className={styles.card} aria-labelledby="team-sso">
      <h2 id="team-sso">Single sign-on</h2>
      <p className={styles.muted}>
        Members sign in through your company&apos;s identity provider, over OpenID Connect or SAML 2.0.
      </p>
      {current.error ? (
        <Alert tone="danger">
          {formErrorOf(current.error, 'Single sign-on could not be loaded.').message}
        </Alert>
      ) : current.data === undefined && !changed ? (
        <Spinner message="Loading single sign-on..." />
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
