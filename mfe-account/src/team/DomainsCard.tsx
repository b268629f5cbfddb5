import { useState, type FormEvent } from 'react';
import type { TeamSsoDomain } from '@catalyst/contracts';
import { Alert, Button, Card, Spinner, TextField, useApiData, type ApiClient } from '@catalyst/web-kit';
import { formErrorOf, type FormError } from '../billing/formError';
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
      setError(formErrorOf(err, 'The domain could not be added.'));
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
      setError(formErrorOf(err, `${name} could not be removed.`));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Card as="section" className={styles.card} aria-labelledby="team-domains">
      <h2 id="team-domains">Domains</h2>
      <p className={styles.muted}>
        Your company&apos;s e-mail domains. Once a domain is verified, people with an address there can join
        by the team&apos;s join link, and single sign-on can sign them in.
      </p>
      {loaded.error ? (
        <Alert tone="danger">{formErrorOf(loaded.error, 'The domains could not be loaded.').message}</Alert>
      ) : !domains ? (
        <Spinner message="Loading the domains..." />
      ) : (
        <>
          {domains.length === 0 ? <p className={styles.muted}>No domains yet.</p> : null}
          <ul className={listStyles.list} aria-label="The team's domains">
            {domains.map((row) => (
              <li key={row.domain} className={listStyles.domain}>
                <p className={listStyles.name}>
                  <strong>{row.domain}</strong>{' '}
                  <span className={row.verified ? listStyles.verified : listStyles.unverified}>
                    {row.verified ? 'Verified' : 'Not verified'}
                  </span>{' '}
                  <Button
                    type="button"
                    variant="secondary"
                    size="sm"
                    loading={busy === row.domain}
                    disabled={busy !== null}
                    aria-label={`Remove ${row.domain}`}
                    onClick={() => void remove(row.domain)}
                  >
                    Remove
                  </Button>
                </p>
                {row.verified ? null : (
                  <UnverifiedDomain
                    domain={row}
                    hint="Until it is verified, it admits nobody. Publish this DNS TXT record, then verify:"
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
              label="Add a domain"
              name="domain"
              placeholder="example.com"
              value={domain}
              onChange={(e) => setDomain(e.target.value)}
              error={error?.field === 'domain' ? error.message : undefined}
            />
            <div>
              <Button type="submit" loading={busy === 'add'} disabled={busy !== null}>
                Add domain
              </Button>
            </div>
          </form>
          {error && error.field !== 'domain' ? <Alert tone="danger">{error.message}</Alert> : null}
        </>
      )}
    </Card>
  );
}
