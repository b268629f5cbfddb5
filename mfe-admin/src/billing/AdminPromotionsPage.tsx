import { useState, type FormEvent } from 'react';
import type { AdminPromotion, PromotionCreateBody, PromotionRedemption } from '@catalyst/contracts';
import {
  api as defaultApi,
  Button,
  formatDate,
  isApiRequestError,
  TextField,
  type ApiClient,
} from '@catalyst/web-kit';
import { AdminListView, AdminTable, type AdminColumn } from '../common/AdminListView';
import { SelectField } from '../common/FormControls';
import { useAdminList } from '../common/useAdminList';
import styles from '../common/Admin.module.css';
import { refusalOf } from '../common/refusal';

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

/** A code as the admin list keys its rows. */
type PromotionRow = AdminPromotion & { _id: string };
const rowOf = (p: AdminPromotion): PromotionRow => ({ ...p, _id: p.id });
const pickPromotions = (data: unknown) => (data as AdminPromotion[]).map(rowOf);

/** /admin/promotions: create codes, see each code's redemptions and revenue, deactivate a code. */
export function AdminPromotionsPage({ client = defaultApi }: { client?: ApiClient }) {
  const list = useAdminList<PromotionRow>({ read: client.adminPromotion.list, pick: pickPromotions });
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [opening, setOpening] = useState<string | null>(null);
  const [opened, setOpened] = useState<{ code: string; rows: PromotionRedemption[] } | null>(null);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  async function create(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    list.dismissFlash();
    list.dismissFailure();
    setFieldErrors({});
    try {
      const made = await client.adminPromotion.create({ body: bodyOf(draft) });
      list.showFlash(`Code ${made.code} created.`);
      setDraft(EMPTY);
      list.reload();
    } catch (err) {
      if (isApiRequestError(err) && err.status < 500)
        setFieldErrors(Object.fromEntries(err.errors.map((e) => [e.field, e.message])));
      list.showFailure(refusalOf(err, 'The code could not be created. Please try again.'));
    }
    setSaving(false);
  }

  async function deactivate(p: PromotionRow) {
    list.dismissFlash();
    const done = await list.change(
      p,
      async () => ({ data: rowOf(await client.adminPromotion.deactivate({ params: { id: p.id } })) }),
      (error: unknown) => refusalOf(error, 'Deactivation failed. Please try again.'),
    );
    if (done) list.showFlash(`Code ${p.code} deactivated.`);
  }

  async function showRedemptions(p: PromotionRow) {
    setOpening(p.id);
    try {
      setOpened({ code: p.code, rows: await client.adminPromotion.redemptions({ params: { id: p.id } }) });
    } catch {
      list.showFailure('Redemptions could not be loaded. Please try again.');
    }
    setOpening(null);
  }

  const columns: ReadonlyArray<AdminColumn<PromotionRow>> = [
    { label: 'Code', cell: (p) => p.code },
    { label: 'Discount', cell: offText },
    { label: 'Rules', cell: rulesText, muted: true },
    { label: 'Redemptions', cell: (p) => p.redemptions },
    { label: 'Revenue', cell: (p) => money(p.revenue) },
    { label: 'Status', cell: (p) => (p.active ? 'Active' : 'Inactive') },
    {
      label: 'Actions',
      cell: (p) => (
        <>
          <Button
            size="sm"
            variant="ghost"
            loading={opening === p.id}
            onClick={() => void showRedemptions(p)}
            aria-label={`Redemptions of ${p.code}`}
          >
            Redemptions
          </Button>
          {p.active ? (
            <Button
              size="sm"
              variant="secondary"
              loading={list.isBusy(p._id)}
              onClick={() => void deactivate(p)}
              aria-label={`Deactivate ${p.code}`}
            >
              Deactivate
            </Button>
          ) : null}
        </>
      ),
    },
  ];

  const form = (
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
  );

  const redemptions = opened ? (
    <section aria-label={`Redemptions of ${opened.code}`}>
      <h2>Redemptions of {opened.code}</h2>
      {opened.rows.length === 0 ? (
        <p className={styles.empty}>Not redeemed yet.</p>
      ) : (
        <AdminTable columns={REDEMPTION_COLUMNS} rows={opened.rows} rowKey={(r) => r.userId} />
      )}
    </section>
  ) : null;

  return (
    <AdminListView
      list={list}
      title="Promotion codes"
      subtitle="Create codes, see each code's redemptions and revenue, and deactivate a code."
      loadingMessage="Loading codes..."
      loadFailure="Failed to load codes"
      emptyMessage="No promotion codes yet."
      columns={columns}
      rowTestId="promotion-row"
      toolbar={form}
      footer={redemptions}
    />
  );
}

/** A code's redemptions, under the list: who, when, which plan and what they paid. */
const REDEMPTION_COLUMNS: ReadonlyArray<AdminColumn<PromotionRedemption>> = [
  { label: 'Redeemed', cell: (r) => formatDate(r.redeemedAt) },
  { label: 'User', cell: (r) => r.userId },
  { label: 'Plan', cell: (r) => (r.interval === 'year' ? 'Annual' : 'Monthly') },
  { label: 'Paid', cell: (r) => money(r.amountPaid) },
];
