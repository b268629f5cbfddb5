import type { AdminGift } from '@catalyst/contracts';
import {
  api as defaultApi,
  Button,
  formatCount,
  formatDate,
  isApiRequestError,
  useStrings,
  type ApiClient,
} from '@catalyst/web-kit';
import { AdminListView, type AdminColumn } from '../common/AdminListView';
import { useAdminList } from '../common/useAdminList';
import { consoleStrings } from '../i18n/console/en';
import { usd } from './usd';

const STATUS = {
  pending: 'billing.gift.pending',
  paid: 'billing.gift.paid',
  redeemed: 'billing.gift.redeemed',
  refunded: 'billing.gift.refunded',
} as const satisfies Record<AdminGift['status'], string>;

/** A gift as the admin list keys its rows. */
type GiftRow = AdminGift & { _id: string };
const rowOf = (gift: AdminGift): GiftRow => ({ ...gift, _id: gift.id });
const pickGifts = (data: unknown) => (data as AdminGift[]).map(rowOf);

/** /admin/gifts: every gift, newest first; a paid gift not yet redeemed can be refunded. */
export function AdminGiftsPage({ client = defaultApi }: { client?: ApiClient }) {
  const t = useStrings(consoleStrings);
  const list = useAdminList<GiftRow>({ read: client.adminBilling.gifts, pick: pickGifts });

  async function refund(gift: GiftRow) {
    list.dismissFlash();
    const refunded = await list.change(
      gift,
      async () => ({ data: rowOf(await client.adminBilling.refundGift({ params: { id: gift.id } })) }),
      (error) =>
        isApiRequestError(error) && error.status < 500 ? error.message : t('billing.gift.refundFailed'),
    );
    if (refunded) list.showFlash(t('billing.gift.refundedFlash', { name: gift.recipientName }));
  }

  const columns: ReadonlyArray<AdminColumn<GiftRow>> = [
    { label: t('billing.gift.bought'), cell: (gift) => formatDate(gift.createdAt), muted: true },
    { label: t('billing.gift.buyer'), cell: (gift) => gift.buyerEmail ?? '—' },
    { label: t('billing.gift.recipient'), cell: (gift) => gift.recipientName },
    { label: t('billing.gift.months'), cell: (gift) => formatCount(gift.months) },
    { label: t('billing.amount'), cell: (gift) => usd(gift.amount) },
    { label: t('billing.status'), cell: (gift) => t(STATUS[gift.status]) },
    {
      label: t('billing.actions'),
      cell: (gift) =>
        gift.status === 'paid' ? (
          <Button
            size="sm"
            variant="secondary"
            loading={list.isBusy(gift._id)}
            onClick={() => void refund(gift)}
            aria-label={t('billing.gift.refundLabel', { name: gift.recipientName })}
          >
            {t('billing.gift.refund')}
          </Button>
        ) : null,
    },
  ];

  return (
    <AdminListView
      list={list}
      title={t('billing.gift.title')}
      subtitle={t('billing.gift.subtitle')}
      loadingMessage={t('billing.gift.loading')}
      loadFailure={t('billing.gift.loadFailed')}
      emptyMessage={t('billing.gift.empty')}
      columns={columns}
      rowTestId="gift-row"
    />
  );
}
