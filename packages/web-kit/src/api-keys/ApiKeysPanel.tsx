import { useState, type FormEvent } from 'react';
import {
  API_KEY_EXPIRY_CHOICES,
  API_KEY_NAME_MAX,
  API_SCOPE_LABELS,
  API_SCOPES,
  apiKeyMessages,
  type ApiScope,
} from '@catalyst/contracts/api-keys-terms';
import type { ApiKey, ApiKeyList, CreatedApiKey, CreateApiKeyBody } from '@catalyst/contracts';
// The package itself, not its files: a remote that bundles this panel uses the page's one web-kit.
import {
  Alert,
  Button,
  Spinner,
  TextField,
  formatDate,
  isApiRequestError,
  useStrings,
  type ApiData,
  type Translate,
} from '@catalyst/web-kit';
import { apiKeyStrings } from '../i18n/api-keys/en';
import styles from './ApiKeysPanel.module.css';

/** Where a panel writes its keys: the admin's, or one team's. */
export interface ApiKeyWrites {
  create: (body: CreateApiKeyBody) => Promise<CreatedApiKey>;
  revoke: (keyId: string) => Promise<ApiKey>;
}

const messageOf = (err: unknown, fallback: string) =>
  isApiRequestError(err) && err.status < 500 ? err.message : fallback;
const expiryLabel = (days: number | null, t: Translate<typeof apiKeyStrings.english>) =>
  days === null
    ? t('apiKeys.expiry.never')
    : days === 365
      ? t('apiKeys.expiry.year')
      : t('apiKeys.expiry.days', { count: days });
const when = (value: string | null, none: string) => (value ? formatDate(value) : none);

/**
 * API keys (admins' and team owners'): make one with a name, scopes and an expiry, shown once with Copy and a
 * warning; the list (read by its page) with prefix, scopes, dates and last use; Revoke, confirmed. `scopes`: those offered.
 */
export function ApiKeysPanel({
  keys,
  writes,
  scopes = API_SCOPES,
}: {
  /** The list, as its page reads it (`useApiData`). */
  keys: ApiData<ApiKeyList>;
  writes: ApiKeyWrites;
  scopes?: readonly ApiScope[];
}) {
  const t = useStrings(apiKeyStrings);
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<ApiScope[]>([]);
  const [expiry, setExpiry] = useState<number | null>(90);
  const [made, setMade] = useState<CreatedApiKey | null>(null);
  const [copied, setCopied] = useState(false);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (action: () => Promise<void>, fallback: string) => {
    setBusy(true);
    setError(null);
    try {
      await action();
      keys.reload();
    } catch (err) {
      setError(messageOf(err, fallback));
    } finally {
      setBusy(false);
    }
  };
  const create = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      setMade(await writes.create({ name, scopes: chosen, expiresInDays: expiry }));
      setCopied(false);
      setName('');
      setChosen([]);
    }, t('apiKeys.create.failed'));
  };
  const revoke = (id: string) =>
    run(async () => {
      await writes.revoke(id);
      setConfirming(null);
    }, t('apiKeys.revoke.failed'));
  const copy = async () => {
    if (!made) return;
    await navigator.clipboard?.writeText(made.secret);
    setCopied(true);
  };
  const toggle = (scope: ApiScope) =>
    setChosen((now) => (now.includes(scope) ? now.filter((s) => s !== scope) : [...now, scope]));

  return (
    <div className={styles.panel}>
      {made ? (
        <Alert tone="warning" title={t('apiKeys.made.title', { name: made.key.name })} reveal>
          <p>{apiKeyMessages.shownOnce}</p>
          <p className={styles.secretRow}>
            <code className={styles.secret} data-testid="api-key-secret">
              {made.secret}
            </code>
            <Button type="button" size="sm" variant="secondary" onClick={() => void copy()}>
              {t(copied ? 'apiKeys.made.copied' : 'apiKeys.made.copy')}
            </Button>
          </p>
          <Button type="button" size="sm" variant="ghost" onClick={() => setMade(null)}>
            {t('apiKeys.made.done')}
          </Button>
        </Alert>
      ) : null}
      <form className={styles.form} onSubmit={create} aria-label={t('apiKeys.form.label')}>
        <TextField
          label={t('apiKeys.form.name')}
          value={name}
          maxLength={API_KEY_NAME_MAX}
          required
          onChange={(event) => setName(event.target.value)}
          hint={t('apiKeys.form.nameHint')}
        />
        <fieldset className={styles.scopes}>
          <legend>{t('apiKeys.form.scopes')}</legend>
          {scopes.map((scope) => (
            <label key={scope} className={styles.scope}>
              <input type="checkbox" checked={chosen.includes(scope)} onChange={() => toggle(scope)} />{' '}
              <code>{scope}</code> — {API_SCOPE_LABELS[scope]}
            </label>
          ))}
        </fieldset>
        <label className={styles.expiry}>
          {t('apiKeys.form.expires')}{' '}
          <select
            value={expiry === null ? 'never' : String(expiry)}
            onChange={(event) =>
              setExpiry(event.target.value === 'never' ? null : Number(event.target.value))
            }
          >
            {API_KEY_EXPIRY_CHOICES.map((days) => (
              <option key={days ?? 'never'} value={days === null ? 'never' : String(days)}>
                {expiryLabel(days, t)}
              </option>
            ))}
          </select>
        </label>
        {error ? <Alert tone="danger">{error}</Alert> : null}
        <Button type="submit" loading={busy} disabled={busy || chosen.length === 0 || name.trim() === ''}>
          {t('apiKeys.form.create')}
        </Button>
      </form>
      {keys.error ? (
        <Alert tone="danger">{messageOf(keys.error, t('apiKeys.list.failed'))}</Alert>
      ) : !keys.data ? (
        <Spinner message={t('apiKeys.list.loading')} />
      ) : keys.data.items.length === 0 ? (
        <p className={styles.muted}>{t('apiKeys.list.empty')}</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('apiKeys.form.name')}</th>
              <th scope="col">{t('apiKeys.list.key')}</th>
              <th scope="col">{t('apiKeys.form.scopes')}</th>
              <th scope="col">{t('apiKeys.list.created')}</th>
              <th scope="col">{t('apiKeys.form.expires')}</th>
              <th scope="col">{t('apiKeys.list.lastUsed')}</th>
              <th scope="col">
                <span className={styles.hidden}>{t('apiKeys.list.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {keys.data.items.map((key) => (
              <tr key={key.id}>
                <td>{key.name}</td>
                <td>
                  <code>{key.prefix}…</code>
                </td>
                <td>{key.scopes.join(', ')}</td>
                <td>{formatDate(key.createdAt)}</td>
                <td>{when(key.expiresAt, t('apiKeys.expiry.never'))}</td>
                <td>{when(key.lastUsedAt, t('apiKeys.list.neverUsed'))}</td>
                <td>
                  {key.revokedAt ? (
                    t('apiKeys.list.revoked', { date: formatDate(key.revokedAt) })
                  ) : confirming === key.id ? (
                    <span className={styles.confirm}>
                      <Button
                        type="button"
                        size="sm"
                        variant="danger"
                        disabled={busy}
                        onClick={() => void revoke(key.id)}
                      >
                        {t('apiKeys.revoke.now')}
                      </Button>
                      <Button type="button" size="sm" variant="ghost" onClick={() => setConfirming(null)}>
                        {t('apiKeys.revoke.cancel')}
                      </Button>
                    </span>
                  ) : (
                    <Button
                      type="button"
                      size="sm"
                      variant="secondary"
                      aria-label={t('apiKeys.revoke.label', { name: key.name })}
                      onClick={() => setConfirming(key.id)}
                    >
                      {t('apiKeys.revoke.button')}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
