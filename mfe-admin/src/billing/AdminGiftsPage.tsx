import type { AdminGift } from '@catalyst/contracts';
import { api as defaultApi, Button, formatDate, isApiRequestError, type ApiClient } from '@catalyst/web-kit';
import { AdminListView, type AdminColumn } from '../common/AdminListView';
import { useAdminList } from '../common/useAdminList';

const STATUS: Record<AdminGift['status'], string> = {
  pending: 'Awaiting payment',
  paid: 'Paid',
  redeemed: 'Redeemed',
  refunded: 'Refunded',
};

/** A gift as the admin list keys its rows. */
type GiftRow = AdminGift & { _id: string };
const rowOf = (gift: AdminGift): GiftRow => ({ ...gift, _id: gift.id });
const pickGifts = (data: unknown) => (data as AdminGift[]).map(rowOf);

/** /admin/gifts: every gift, newest first; a paid gift not yet redeemed can be refunded. */
export function AdminGiftsPage({ client = defaultApi }: { client?: ApiClient }) {
  const list = useAdminList<GiftRow>({ read: client.adminBilling.gifts, pick: pickGifts });

  async function refund(gift: GiftRow) {
    list.dismissFlash();
    const refunded = await list.change(
      gift,
      async () => ({ data: rowOf(await client.adminBilling.refundGift({ params: { id: gift.id } })) }),
      (error) =>
        isApiRequestError(error) && error.status < 500
          ? error.message
          : 'The refund failed. Please try again.',
    );
    if (refunded) list.showFlash(`The gift for ${gift.recipientName} was refunded.`);
  }

  const columns: ReadonlyArray<AdminColumn<GiftRow>> = [
    { label: 'Bought', cell: (gift) => formatDate(gift.createdAt), muted: true },
    { label: 'Buyer', cell: (gift) => gift.buyerEmail ?? '—' },
    { label: 'Recipient', cell: (gift) => gift.recipientName },
    { label: 'Months', cell: (gift) => gift.months },
    { label: 'Amount', cell: (gift) => `$${gift.amount.toFixed(2)}` },
    { label: 'Status', cell: (gift) => STATUS[gift.status] },
    {
      label: 'Actions',
      cell: (gift) =>
        gift.status === 'paid' ? (
          <Button
            size="sm"
            variant="secondary"
            loading={list.isBusy(gift._id)}
            onClick={() => void refund(gift)}
            aria-label={`Refund the gift for ${gift.recipientName}`}
          >
            Refund
          </Button>
        ) : null,
    },
  ];

  return (
    <AdminListView
      list={list}
      title="Gifts"
      subtitle="Every gift of Premium bought, newest first. A paid gift not yet redeemed can be refunded."
      loadingMessage="Loading gifts..."
      loadFailure="Failed to load gifts"
      emptyMessage="No gifts yet."
      columns={columns}
      rowTestId="gift-row"
    />
  );
}
