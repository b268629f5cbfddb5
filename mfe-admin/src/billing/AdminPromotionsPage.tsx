import { useState, type FormEvent } from 'react';
import type { AdminPromotion, PromotionCreateBody, PromotionRedemption } from '@catalyst/contracts';
import {
  Alert,
  api as defaultApi,
  Button,
  ErrorScreen,
  formatDate,
  isApiRequestError,
  Spinner,
  TextField,
  useApiData,
  useDocumentTitle,
  type ApiClient,
} from '@catalyst/web-kit';
import { SelectField } from '../common/FormControls';
import styles from '../common/Admin.module.css';

const money = (n: number) => `$${n.toFixed(2)}`;

function offText(p: AdminPromotion): string {
  const off = p.kind === 'percent' ? `${p.percentOff}% off` : `${money(p.amountOff ?? 0)} off`;
  const how =
    p.duration === 'once'
      ? 'once'
      : p.duration === 'forever'
        ? 'forever'
        : `for ${p.durationInMonths} month${p.durationInMonths === 1 ? '' : 's'}`;
  return `${off} ${how}`;
}

function rulesText(p: AdminPromotion): string {
  return [
    p.audience === 'first-time' ? 'First-time subscribers' : 'Anyone',
    p.interval === 'year' ? 'annual only' : p.interval === 'month' ? 'monthly only' : null,
    p.maxRedemptions !== null ? `at most ${p.maxRedemptions}` : null,
    p.expiresAt ? `until ${formatDate(p.expiresAt)}` : null,
  ]
    .filter(Boolean)
    .join(', ');
}

interface Draft {
  code: string;
  kind: 'percent' | 'amount';
  off: string;
  duration: 'once' | 'repeating' | 'forever';
  months: string;
  audience: 'anyone' | 'first-time';
  maxRedemptions: string;
  expiresOn: string;
  interval: '' | 'month' | 'year';
}
const EMPTY: Draft = {
  code: '',
  kind: 'percent',
  off: '',
  duration: 'once',
  months: '3',
  audience: 'anyone',
  maxRedemptions: '',
  expiresOn: '',
  interval: '',
};

function bodyOf(d: Draft): PromotionCreateBody {
  const off = Number(d.off);
  return {
    code: d.code.trim(),
    kind: d.kind,
    ...(d.kind === 'percent' ? { percentOff: off } : { amountOff: off }),
    duration: d.duration,
    ...(d.duration === 'repeating' ? { durationInMonths: Number(d.months) } : {}),
    audience: d.audience,
    maxRedemptions: d.maxRedemptions ? Number(d.maxRedemptions) : null,
    // The end of the chosen day (UTC).
    expiresAt: d.expiresOn ? new Date(`${d.expiresOn}T23:59:59.000Z`).toISOString() : null,
    interval: d.interval || null,
  };
}

/** /admin/promotions: create codes, see each code's redemptions and revenue, deactivate a code. */
export function AdminPromotionsPage({ client = defaultApi }: { client?: ApiClient }) {
  useDocumentTitle('Promotion codes');
  const { data, error, reload } = useApiData(client.adminPromotion.list, undefined);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const [opened, setOpened] = useState<{ code: string; rows: PromotionRedemption[] } | null>(null);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  async function create(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setNotice(null);
    setFieldErrors({});
    try {
      const made = await client.adminPromotion.create({ body: bodyOf(draft) });
      setNotice({ tone: 'success', text: `Code ${made.code} created.` });
      setDraft(EMPTY);
      reload();
    } catch (err) {
      if (isApiRequestError(err) && err.status < 500) {
        setFieldErrors(Object.fromEntries(err.errors.map((e) => [e.field, e.message])));
        setNotice({ tone: 'danger', text: err.message });
      } else setNotice({ tone: 'danger', text: 'The code could not be created. Please try again.' });
    }
    setSaving(false);
  }

  async function deactivate(p: AdminPromotion) {
    setBusy(p.id);
    setNotice(null);
    try {
      await client.adminPromotion.deactivate({ params: { id: p.id } });
      setNotice({ tone: 'success', text: `Code ${p.code} deactivated.` });
      reload();
    } catch (err) {
      setNotice({
        tone: 'danger',
        text:
          isApiRequestError(err) && err.status < 500 ? err.message : 'Deactivation failed. Please try again.',
      });
    }
    setBusy(null);
  }

  async function showRedemptions(p: AdminPromotion) {
    setBusy(p.id);
    try {
      setOpened({ code: p.code, rows: await client.adminPromotion.redemptions({ params: { id: p.id } }) });
    } catch {
      setNotice({ tone: 'danger', text: 'Redemptions could not be loaded. Please try again.' });
    }
    setBusy(null);
  }

  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>Promotion codes</h1>
      </header>
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      <form aria-label="New promotion code" onSubmit={(e) => void create(e)}>
        <TextField
          label="Code"
          value={draft.code}
          onChange={(e) => set('code', e.target.value)}
          hint="4 to 32 letters or digits; case does not matter"
          error={fieldErrors.code}
          required
        />
        <SelectField
          label="Discount"
          value={draft.kind}
          onChange={(e) => set('kind', e.target.value as Draft['kind'])}
          options={[
            { value: 'percent', label: 'Percent off' },
            { value: 'amount', label: 'Amount off (USD)' },
          ]}
        />
        <TextField
          label={draft.kind === 'percent' ? 'Percent off' : 'Amount off'}
          inputMode="decimal"
          value={draft.off}
          onChange={(e) => set('off', e.target.value)}
          error={fieldErrors.percentOff ?? fieldErrors.amountOff}
          required
        />
        <SelectField
          label="For how long"
          value={draft.duration}
          onChange={(e) => set('duration', e.target.value as Draft['duration'])}
          options={[
            { value: 'once', label: 'The first payment' },
            { value: 'repeating', label: 'A number of months' },
            { value: 'forever', label: 'Forever' },
          ]}
        />
        {draft.duration === 'repeating' ? (
          <TextField
            label="Months"
            inputMode="numeric"
            value={draft.months}
            onChange={(e) => set('months', e.target.value)}
            error={fieldErrors.durationInMonths}
          />
        ) : null}
        <SelectField
          label="Who may use it"
          value={draft.audience}
          onChange={(e) => set('audience', e.target.value as Draft['audience'])}
          options={[
            { value: 'anyone', label: 'Anyone' },
            { value: 'first-time', label: 'First-time subscribers only' },
          ]}
        />
        <SelectField
          label="Plan"
          value={draft.interval}
          onChange={(e) => set('interval', e.target.value as Draft['interval'])}
          options={[
            { value: '', label: 'Monthly and annual' },
            { value: 'month', label: 'Monthly only' },
            { value: 'year', label: 'Annual only' },
          ]}
        />
        <TextField
          label="Maximum redemptions"
          inputMode="numeric"
          value={draft.maxRedemptions}
          onChange={(e) => set('maxRedemptions', e.target.value)}
          hint="Empty: no limit"
          error={fieldErrors.maxRedemptions}
        />
        <TextField
          label="Expires on"
          type="date"
          value={draft.expiresOn}
          onChange={(e) => set('expiresOn', e.target.value)}
          hint="Empty: never"
          error={fieldErrors.expiresAt}
        />
        <Button type="submit" loading={saving}>
          Create code
        </Button>
      </form>
      {error ? (
        <ErrorScreen
          message={`Failed to load codes: ${error.message}`}
          onRetry={reload}
          retryLabel="Try Again"
        />
      ) : !data ? (
        <Spinner message="Loading codes..." />
      ) : data.length === 0 ? (
        <p>No promotion codes yet.</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Code</th>
              <th scope="col">Discount</th>
              <th scope="col">Rules</th>
              <th scope="col">Redemptions</th>
              <th scope="col">Revenue</th>
              <th scope="col">Status</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {data.map((p) => (
              <tr key={p.id}>
                <td>{p.code}</td>
                <td>{offText(p)}</td>
                <td>{rulesText(p)}</td>
                <td>{p.redemptions}</td>
                <td>{money(p.revenue)}</td>
                <td>{p.active ? 'Active' : 'Inactive'}</td>
                <td>
                  <Button
                    size="sm"
                    variant="ghost"
                    loading={busy === p.id && !p.active}
                    onClick={() => void showRedemptions(p)}
                    aria-label={`Redemptions of ${p.code}`}
                  >
                    Redemptions
                  </Button>
                  {p.active ? (
                    <Button
                      size="sm"
                      variant="secondary"
                      loading={busy === p.id}
                      onClick={() => void deactivate(p)}
                      aria-label={`Deactivate ${p.code}`}
                    >
                      Deactivate
                    </Button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {opened ? (
        <section aria-label={`Redemptions of ${opened.code}`}>
          <h2>Redemptions of {opened.code}</h2>
          {opened.rows.length === 0 ? (
            <p>Not redeemed yet.</p>
          ) : (
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Redeemed</th>
                  <th scope="col">User</th>
                  <th scope="col">Plan</th>
                  <th scope="col">Paid</th>
                </tr>
              </thead>
              <tbody>
                {opened.rows.map((r) => (
                  <tr key={r.userId}>
                    <td>{formatDate(r.redeemedAt)}</td>
                    <td>{r.userId}</td>
                    <td>{r.interval === 'year' ? 'Annual' : 'Monthly'}</td>
                    <td>{money(r.amountPaid)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      ) : null}
    </section>
  );
}
