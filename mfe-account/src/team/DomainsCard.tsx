import { useState, type FormEvent } from 'react';
import type { TeamSsoDomain } from '@catalyst/contracts';
import {
  Alert,
  Button,
  Card,
  Spinner,
  TextField,
  useApiData,
  useStrings,
  type ApiClient,
} from '@catalyst/web-kit';
import { formErrorOf, type FormError } from '../billing/formError';
import { accountStrings } from '../i18n/en';
import { UnverifiedDomain } from './SsoDomainList';
import listStyles from './SsoDomainList.module.css';
import styles from './Team.module.css';

/**
 * The owner's "Domains" card: the team's e-mail domains, each proved by a DNS TXT record. Single sign-on and
 * the join link admit people at verified domains only.
 */
export function DomainsCard({
  teamId,
  client,
  onChanged,
}: {
  teamId: string;
  client: ApiClient;
  onChanged?: () => void;
}) {
  const t = useStrings(accountStrings);
  const loaded = useApiData(client.teamDomain.listDomains, { params: { id: teamId } });
  const [changed, setChanged] = useState<TeamSsoDomain[] | null>(null);
  const [domain, setDomain] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<FormError | null>(null);
  const domains = changed ?? loaded.data;

  const show = (next: TeamSsoDomain[]) => {
    setChanged(next);
    onChanged?.();
  };

  async function add(event: FormEvent) {
    event.preventDefault();
    setBusy('add');
    setError(null);
    try {
      show(await client.teamDomain.addDomain({ params: { id: teamId }, body: { domain } }));
      setDomain('');
    } catch (err) {
      setError(formErrorOf(err, t('domains.addFailed')));
    } finally {
      setBusy(null);
    }
  }

  async function remove(name: string) {
    setBusy(name);
    setError(null);
    try {
      show(await client.teamDomain.removeDomain({ params: { id: teamId, domain: name } }));
    } catch (err) {
      setError(formErrorOf(err, t('domains.removeFailed', { domain: name })));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Card as="section" className={styles.card} aria-labelledby="team-domains">
      <h2 id="team-domains">{t('domains.title')}</h2>
      <p className={styles.muted}>{t('domains.lead')}</p>
      {loaded.error ? (
        <Alert tone="danger">{formErrorOf(loaded.error, t('domains.loadFailed')).message}</Alert>
      ) : !domains ? (
        <Spinner message={t('domains.loading')} />
      ) : (
        <>
          {domains.length === 0 ? <p className={styles.muted}>{t('domains.none')}</p> : null}
          <ul className={listStyles.list} aria-label={t('domains.list')}>
            {domains.map((row) => (
              <li key={row.domain} className={listStyles.domain}>
                <p className={listStyles.name}>
                  <strong>{row.domain}</strong>{' '}
                  <span className={row.verified ? listStyles.verified : listStyles.unverified}>
                    {row.verified ? t('domains.verified') : t('domains.notVerified')}
                  </span>{' '}
                  <Button
                    type="button"
                    variant="secondary"
                    size="sm"
                    loading={busy === row.domain}
                    disabled={busy !== null}
                    aria-label={t('members.removeLabel', { name: row.domain })}
                    onClick={() => void remove(row.domain)}
                  >
                    {t('members.remove')}
                  </Button>
                </p>
                {row.verified ? null : (
                  <UnverifiedDomain
                    domain={row}
                    hint={t('domains.hint')}
                    verify={async () =>
                      show(
                        await client.teamDomain.verifyDomain({ params: { id: teamId, domain: row.domain } }),
                      )
                    }
                  />
                )}
              </li>
            ))}
          </ul>
          <form className={styles.form} onSubmit={(event) => void add(event)} noValidate>
            <TextField
              label={t('domains.addLabel')}
              name="domain"
              placeholder="example.com"
              value={domain}
              onChange={(e) => setDomain(e.target.value)}
              error={error?.field === 'domain' ? error.message : undefined}
            />
            <div>
              <Button type="submit" loading={busy === 'add'} disabled={busy !== null}>
                {t('domains.add')}
              </Button>
            </div>
          </form>
          {error && error.field !== 'domain' ? <Alert tone="danger">{error.message}</Alert> : null}
        </>
      )}
    </Card>
  );
}
