import { useState } from 'react';
import type { TeamSsoDomain, TeamSsoSettings } from '@catalyst/contracts';
import { Alert, Button, type ApiClient } from '@catalyst/web-kit';
import { formErrorOf } from '../billing/formError';
import styles from './SsoDomainList.module.css';

/**
 * One unverified domain: the TXT record to publish (copyable) and the Verify button with the refusal's words
 * (the SSO card and the Domains card verify it each through their own route).
 */
export function UnverifiedDomain({
  domain,
  verify: verifyDomain,
  hint = 'Until it is verified, nobody signs in through it. Publish this DNS TXT record, then verify:',
}: {
  domain: TeamSsoDomain;
  verify: () => Promise<void>;
  hint?: string;
}) {
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [copied, setCopied] = useState('');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(domain.record.value);
      setCopied('Value copied');
    } catch {
      setCopied(`Couldn't copy: select the value and copy it by hand`);
    }
  };

  const verify = async () => {
    setBusy(true);
    setRefusal(null);
    try {
      await verifyDomain();
    } catch (err) {
      setRefusal(formErrorOf(err, `${domain.domain} could not be verified.`).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <p className={styles.hint}>{hint}</p>
      <dl className={styles.record}>
        <dt>Name</dt>
        <dd>
          <code>{domain.record.name}</code>
        </dd>
        <dt>Value</dt>
        <dd>
          <code>{domain.record.value}</code>
        </dd>
      </dl>
      <div className={styles.actions}>
        <Button
          type="button"
          variant="secondary"
          onClick={() => void copy()}
          aria-label={`Copy the TXT value for ${domain.domain}`}
        >
          Copy value
        </Button>
        <Button
          type="button"
          loading={busy}
          disabled={busy}
          onClick={() => void verify()}
          aria-label={`Verify ${domain.domain}`}
        >
          Verify
        </Button>
        <span role="status">{copied}</span>
      </div>
      {refusal ? <Alert tone="danger">{refusal}</Alert> : null}
    </>
  );
}

/** The team's SSO domains, each with its verification state; only a verified one signs anybody in. */
export function SsoDomainList({
  teamId,
  settings,
  client,
  onChanged,
}: {
  teamId: string;
  settings: TeamSsoSettings;
  client: ApiClient;
  onChanged: (settings: TeamSsoSettings | null) => void;
}) {
  return (
    <ul className={styles.list} aria-label="Single sign-on domains">
      {settings.domains.map((domain) => (
        <li key={domain.domain} className={styles.domain}>
          <p className={styles.name}>
            <strong>{domain.domain}</strong>{' '}
            <span className={domain.verified ? styles.verified : styles.unverified}>
              {domain.verified ? 'Verified' : 'Not verified'}
            </span>
          </p>
          {domain.verified ? null : (
            <UnverifiedDomain
              domain={domain}
              verify={async () =>
                onChanged(
                  await client.teamSso.verifySsoDomain({ params: { id: teamId, domain: domain.domain } }),
                )
              }
            />
          )}
        </li>
      ))}
    </ul>
  );
}
