import { useState, type FormEvent } from 'react';
import type { AdminPromotion, PromotionCreateBody, PromotionRedemption } from '@catalyst/contracts';
import {
  api as defaultApi,
  Button,
  formatCount,
  formatDate,
  formatPercent,
  isApiRequestError,
  TextField,
  useStrings,
  type ApiClient,
} from '@catalyst/web-kit';
import { AdminListView, AdminTable, type AdminColumn } from '../common/AdminListView';
import { SelectField } from '../common/FormControls';
import { useAdminList } from '../common/useAdminList';
import styles from '../common/Admin.module.css';
import { refusalOf } from '../common/refusal';
import { consoleStrings, type ConsoleT } from '../i18n/console/en';
import { usd } from './usd';

function offText(p: AdminPromotion, t: ConsoleT): string {
  const off = p.kind === 'percent' ? formatPercent(p.percentOff ?? 0) : usd(p.amountOff ?? 0);
  const months = p.durationInMonths ?? 0;
  return p.duration === 'once'
    ? t('billing.promo.offOnce', { off })
    : p.duration === 'forever'
      ? t('billing.promo.offForever', { off })
      : t('billing.promo.offMonths', { off, count: months, months: formatCount(months) });
}

function rulesText(p: AdminPromotion, t: ConsoleT): string {
  return [
    t(p.audience === 'first-time' ? 'billing.promo.firstTime' : 'billing.promo.anyone'),
    p.interval === 'year'
      ? t('billing.promo.annualOnlyRule')
      : p.interval === 'month'
        ? t('billing.promo.monthlyOnlyRule')
        : null,
    p.maxRedemptions !== null ? t('billing.promo.atMost', { max: formatCount(p.maxRedemptions) }) : null,
    p.expiresAt ? t('billing.promo.until', { date: formatDate(p.expiresAt) }) : null,
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
  const t = useStrings(consoleStrings);
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
      list.showFlash(t('billing.promo.created', { code: made.code }));
      setDraft(EMPTY);
      list.reload();
    } catch (err) {
      if (isApiRequestError(err) && err.status < 500)
        setFieldErrors(Object.fromEntries(err.errors.map((e) => [e.field, e.message])));
      list.showFailure(refusalOf(err, t('billing.promo.createFailed')));
    }
    setSaving(false);
  }

  async function deactivate(p: PromotionRow) {
    list.dismissFlash();
    const done = await list.change(
      p,
      async () => ({ data: rowOf(await client.adminPromotion.deactivate({ params: { id: p.id } })) }),
      (error: unknown) => refusalOf(error, t('billing.promo.deactivateFailed')),
    );
    if (done) list.showFlash(t('billing.promo.deactivated', { code: p.code }));
  }

  async function showRedemptions(p: PromotionRow) {
    setOpening(p.id);
    try {
      setOpened({ code: p.code, rows: await client.adminPromotion.redemptions({ params: { id: p.id } }) });
    } catch {
      list.showFailure(t('billing.promo.redemptionsFailed'));
    }
    setOpening(null);
  }

  const columns: ReadonlyArray<AdminColumn<PromotionRow>> = [
    { label: t('billing.promo.code'), cell: (p) => p.code },
    { label: t('billing.promo.discount'), cell: (p) => offText(p, t) },
    { label: t('billing.promo.rules'), cell: (p) => rulesText(p, t), muted: true },
    { label: t('billing.promo.redemptions'), cell: (p) => formatCount(p.redemptions) },
    { label: t('billing.promo.revenue'), cell: (p) => usd(p.revenue) },
    {
      label: t('billing.status'),
      cell: (p) => t(p.active ? 'billing.promo.active' : 'billing.promo.inactive'),
    },
    {
      label: t('billing.actions'),
      cell: (p) => (
        <>
          <Button
            size="sm"
            variant="ghost"
            loading={opening === p.id}
            onClick={() => void showRedemptions(p)}
            aria-label={t('billing.promo.redemptionsOf', { code: p.code })}
          >
            {t('billing.promo.redemptions')}
          </Button>
          {p.active ? (
            <Button
              size="sm"
              variant="secondary"
              loading={list.isBusy(p._id)}
              onClick={() => void deactivate(p)}
              aria-label={t('billing.promo.deactivateLabel', { code: p.code })}
            >
              {t('billing.promo.deactivate')}
            </Button>
          ) : null}
        </>
      ),
    },
  ];

  const form = (
    <form aria-label={t('billing.promo.newCode')} onSubmit={(e) => void create(e)}>
      <TextField
        label={t('billing.promo.code')}
        value={draft.code}
        onChange={(e) => set('code', e.target.value)}
        hint={t('billing.promo.codeHint')}
        error={fieldErrors.code}
        required
      />
      <SelectField
        label={t('billing.promo.discount')}
        value={draft.kind}
        onChange={(e) => set('kind', e.target.value as Draft['kind'])}
        options={[
          { value: 'percent', label: t('billing.promo.percentOff') },
          { value: 'amount', label: t('billing.promo.amountOffUsd') },
        ]}
      />
      <TextField
        label={t(draft.kind === 'percent' ? 'billing.promo.percentOff' : 'billing.promo.amountOff')}
        inputMode="decimal"
        value={draft.off}
        onChange={(e) => set('off', e.target.value)}
        error={fieldErrors.percentOff ?? fieldErrors.amountOff}
        required
      />
      <SelectField
        label={t('billing.promo.howLong')}
        value={draft.duration}
        onChange={(e) => set('duration', e.target.value as Draft['duration'])}
        options={[
          { value: 'once', label: t('billing.promo.firstPayment') },
          { value: 'repeating', label: t('billing.promo.someMonths') },
          { value: 'forever', label: t('billing.promo.forever') },
        ]}
      />
      {draft.duration === 'repeating' ? (
        <TextField
          label={t('billing.promo.months')}
          inputMode="numeric"
          value={draft.months}
          onChange={(e) => set('months', e.target.value)}
          error={fieldErrors.durationInMonths}
        />
      ) : null}
      <SelectField
        label={t('billing.promo.who')}
        value={draft.audience}
        onChange={(e) => set('audience', e.target.value as Draft['audience'])}
        options={[
          { value: 'anyone', label: t('billing.promo.anyone') },
          { value: 'first-time', label: t('billing.promo.firstTimeOnly') },
        ]}
      />
      <SelectField
        label={t('billing.promo.plan')}
        value={draft.interval}
        onChange={(e) => set('interval', e.target.value as Draft['interval'])}
        options={[
          { value: '', label: t('billing.promo.bothPlans') },
          { value: 'month', label: t('billing.promo.monthlyOnly') },
          { value: 'year', label: t('billing.promo.annualOnly') },
        ]}
      />
      <TextField
        label={t('billing.promo.max')}
        inputMode="numeric"
        value={draft.maxRedemptions}
        onChange={(e) => set('maxRedemptions', e.target.value)}
        hint={t('billing.promo.noLimit')}
        error={fieldErrors.maxRedemptions}
      />
      <TextField
        label={t('billing.promo.expires')}
        type="date"
        value={draft.expiresOn}
        onChange={(e) => set('expiresOn', e.target.value)}
        hint={t('billing.promo.never')}
        error={fieldErrors.expiresAt}
      />
      <Button type="submit" loading={saving}>
        {t('billing.promo.create')}
      </Button>
    </form>
  );

  const redemptions = opened ? (
    <section aria-label={t('billing.promo.redemptionsOf', { code: opened.code })}>
      <h2>{t('billing.promo.redemptionsOf', { code: opened.code })}</h2>
      {opened.rows.length === 0 ? (
        <p className={styles.empty}>{t('billing.promo.notRedeemed')}</p>
      ) : (
        <AdminTable columns={redemptionColumns(t)} rows={opened.rows} rowKey={(r) => r.userId} />
      )}
    </section>
  ) : null;

  return (
    <AdminListView
      list={list}
      title={t('billing.promo.title')}
      subtitle={t('billing.promo.subtitle')}
      loadingMessage={t('billing.promo.loading')}
      loadFailure={t('billing.promo.loadFailed')}
      emptyMessage={t('billing.promo.empty')}
      columns={columns}
      rowTestId="promotion-row"
      toolbar={form}
      footer={redemptions}
    />
  );
}

/** A code's redemptions, under the list: who, when, which plan and what they paid. */
const redemptionColumns = (t: ConsoleT): ReadonlyArray<AdminColumn<PromotionRedemption>> => [
  { label: t('billing.promo.redeemed'), cell: (r) => formatDate(r.redeemedAt) },
  { label: t('billing.promo.user'), cell: (r) => r.userId },
  {
    label: t('billing.promo.plan'),
    cell: (r) => t(r.interval === 'year' ? 'billing.promo.annual' : 'billing.promo.monthly'),
  },
  { label: t('billing.promo.paid'), cell: (r) => usd(r.amountPaid) },
];
