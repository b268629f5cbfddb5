import { useState } from 'react';
import type { TeamSsoDomain, TeamSsoSettings } from '@catalyst/contracts';
import { Alert, Button, useStrings, type ApiClient } from '@catalyst/web-kit';
import { formErrorOf } from '../billing/formError';
import { accountStrings } from '../i18n/en';
import styles from './SsoDomainList.module.css';

/**
 * One unverified domain: the TXT record to publish (copyable) and the Verify button with the refusal's words
 * (the SSO card and the Domains card verify it each through their own route).
 */
export function UnverifiedDomain({
  domain,
  verify: verifyDomain,
  hint,
}: {
  domain: TeamSsoDomain;
  verify: () => Promise<void>;
  hint?: string;
}) {
  const t = useStrings(accountStrings);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [copied, setCopied] = useState('');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(domain.record.value);
      setCopied(t('txt.copied'));
    } catch {
      setCopied(t('txt.copyFailed'));
    }
  };

  const verify = async () => {
    setBusy(true);
    setRefusal(null);
    try {
      await verifyDomain();
    } catch (err) {
      setRefusal(formErrorOf(err, t('txt.verifyFailed', { domain: domain.domain })).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <p className={styles.hint}>{hint ?? t('txt.ssoHint')}</p>
      <dl className={styles.record}>
        <dt>{t('members.name')}</dt>
        <dd>
          <code>{domain.record.name}</code>
        </dd>
        <dt>{t('txt.value')}</dt>
        <dd>
          <code>{domain.record.value}</code>
        </dd>
      </dl>
      <div className={styles.actions}>
        <Button
          type="button"
          variant="secondary"
          onClick={() => void copy()}
          aria-label={t('txt.copyLabel', { domain: domain.domain })}
        >
          {t('txt.copy')}
        </Button>
        <Button
          type="button"
          loading={busy}
          disabled={busy}
          onClick={() => void verify()}
          aria-label={t('txt.verifyLabel', { domain: domain.domain })}
        >
          {t('txt.verify')}
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
  const t = useStrings(accountStrings);
  return (
    <ul className={styles.list} aria-label={t('txt.ssoDomains')}>
      {settings.domains.map((domain) => (
        <li key={domain.domain} className={styles.domain}>
          <p className={styles.name}>
            <strong>{domain.domain}</strong>{' '}
            <span className={domain.verified ? styles.verified : styles.unverified}>
              {domain.verified ? t('domains.verified') : t('domains.notVerified')}
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
