import { useState, type FormEvent } from 'react';
import type { TeamSsoSettings } from '@catalyst/contracts';
import { Alert, Button, Card, Spinner, TextField, useApiData, type ApiClient } from '@catalyst/web-kit';
import { formErrorOf, type FormError } from '../billing/formError';
import { SsoDomainList } from './SsoDomainList';
import styles from './Team.module.css';

/** Domains as typed: separated by commas, spaces or new lines. */
export const typedDomains = (text: string) => text.split(/[\s,;]+/).filter(Boolean);

interface Fields {
  issuer: string;
  clientId: string;
  clientSecret: string;
  domains: string;
  required: boolean;
}

const fieldsOf = (settings: TeamSsoSettings | null): Fields => ({
  issuer: settings?.issuer ?? '',
  clientId: settings?.clientId ?? '',
  clientSecret: '',
  domains: settings?.domains.map((d) => d.domain).join(', ') ?? '',
  required: settings?.required ?? false,
});

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
  const set = (key: keyof Fields, value: string | boolean) =>
    setFields((current) => ({ ...current, [key]: value }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setSaved(null);
    try {
      const next = await client.teamSso.putSso({
        params: { id: teamId },
        body: {
          issuer: fields.issuer.trim(),
          clientId: fields.clientId.trim(),
          ...(fields.clientSecret ? { clientSecret: fields.clientSecret } : {}),
          domains: typedDomains(fields.domains),
          required: fields.required,
        },
      });
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

  const general = error && !['issuer', 'clientId', 'clientSecret', 'domains'].some((f) => errorFor(error, f));
  return (
    <form className={styles.form} onSubmit={save} noValidate aria-label="Single sign-on settings">
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
        hint={settings?.clientSecretSet ? 'A secret is kept. Leave this empty to keep it.' : undefined}
      />
      <TextField
        label="E-mail domains"
        name="domains"
        placeholder="example.com, example.org"
        value={fields.domains}
        onChange={(e) => set('domains', e.target.value)}
        error={errorFor(error, 'domains')}
        hint="People with these addresses sign in through your identity provider and get a seat, once the domain is verified."
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
        Members sign in through your company&apos;s identity provider (OpenID Connect). Register this sign-in
        address with it:{' '}
        <code>{new URL(client.authSso.ssoCallback.url(), globalThis.location.origin).href}</code>
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
