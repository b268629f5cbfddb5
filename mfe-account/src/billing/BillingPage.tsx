import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AccountInvoice, BillingDetails } from '@catalyst/contracts';
import {
  Alert,
  api as defaultApi,
  Button,
  Card,
  formatDate,
  isApiRequestError,
  remoteTestId,
  Spinner,
  TextField,
  useApiData,
  useDocumentTitle,
  type ApiClient,
} from '@catalyst/web-kit';
import styles from './BillingPage.module.css';
import { fieldErrorOf, formErrorOf, type FormError } from './formError';

export const BILLING_LOAD_FAILED = 'Failed to load your billing account.';
export const CARD_UPDATE_FAILED = 'The card update could not be opened. Please try again.';
export const DETAILS_SAVED = 'Your billing details have been saved.';

const STATUS_TEXT: Record<AccountInvoice['status'], string> = {
  paid: 'Paid',
  open: 'Payment due',
  draft: 'Draft',
  uncollectible: 'Unpaid',
  void: 'Void',
};

const money = (amount: number, currency: string) =>
  amount.toLocaleString('en-US', { style: 'currency', currency: currency.toUpperCase() });

const browserNavigate = (url: string) => globalThis.location.assign(url);

/** The billing details form: the e-mail, company and VAT number receipts name. */
function DetailsForm({ details, client }: { details: BillingDetails; client: ApiClient }) {
  const [email, setEmail] = useState(details.email ?? '');
  const [companyName, setCompanyName] = useState(details.companyName ?? '');
  const [vatNumber, setVatNumber] = useState(details.vatNumber ?? '');
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<FormError | null>(null);

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setNotice(null);
    setError(null);
    try {
      const saved = await client.billingAccount.updateDetails({ body: { email, companyName, vatNumber } });
      setEmail(saved.email ?? '');
      setCompanyName(saved.companyName ?? '');
      setVatNumber(saved.vatNumber ?? '');
      setNotice(DETAILS_SAVED);
    } catch (err) {
      setError(formErrorOf(err, 'Your billing details could not be saved. Please try again.'));
    }
    setSaving(false);
  }

  const fieldError = (field: string) => fieldErrorOf(error, field);
  return (
    <form className={styles.form} onSubmit={(event) => void save(event)} noValidate>
      <TextField
        label="Billing e-mail"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={fieldError('email')}
        required
      />
      <TextField
        label="Company name"
        autoComplete="organization"
        value={companyName}
        onChange={(event) => setCompanyName(event.target.value)}
        error={fieldError('companyName')}
        hint="Optional: shown on your receipts."
      />
      <TextField
        label="VAT number"
        value={vatNumber}
        onChange={(event) => setVatNumber(event.target.value)}
        error={fieldError('vatNumber')}
        hint="Optional, with its country code, such as DE123456789."
      />
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {error && !error.field ? <Alert tone="danger">{error.message}</Alert> : null}
      <div>
        <Button type="submit" loading={saving}>
          Save billing details
        </Button>
      </div>
    </form>
  );
}

function InvoiceTable({ invoices }: { invoices: AccountInvoice[] }) {
  if (invoices.length === 0) return <p className={styles.muted}>No invoices yet.</p>;
  return (
    <div className={styles.scroll}>
      <table className={styles.table}>
        <caption className={styles.caption}>Your invoices, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Plan</th>
            <th scope="col">Amount</th>
            <th scope="col">Discount</th>
            <th scope="col">Tax</th>
            <th scope="col">Status</th>
            <th scope="col">Receipt</th>
          </tr>
        </thead>
        <tbody>
          {invoices.map((invoice) => (
            <tr key={invoice.id}>
              <td>{formatDate(invoice.date)}</td>
              <td>{invoice.plan}</td>
              <td>{money(invoice.amount, invoice.currency)}</td>
              <td>{invoice.discount > 0 ? `-${money(invoice.discount, invoice.currency)}` : '—'}</td>
              <td>{money(invoice.tax, invoice.currency)}</td>
              <td>{STATUS_TEXT[invoice.status]}</td>
              <td className={styles.links}>
                <a href={invoice.pdfUrl} target="_blank" rel="noreferrer">
                  PDF receipt <span className={styles.hidden}>of {formatDate(invoice.date)}</span>
                </a>
                {invoice.hostedUrl ? (
                  <a href={invoice.hostedUrl} target="_blank" rel="noreferrer">
                    View invoice <span className={styles.hidden}>of {formatDate(invoice.date)}</span>
                  </a>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * /account/billing: every invoice with its receipt, the details receipts name, and the card. With
 * `?update=card` (the failed-payment e-mail's link) it opens the provider's card update at once.
 */
export default function BillingPage({
  client = defaultApi,
  navigate = browserNavigate,
}: {
  client?: ApiClient;
  navigate?: (url: string) => void;
}) {
  useDocumentTitle('Billing');
  const [params] = useSearchParams();
  const account = useApiData(client.billingAccount.account, undefined);
  const [opening, setOpening] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);

  async function updateCard() {
    setOpening(true);
    setCardError(null);
    try {
      const { url } = await client.billingAccount.cardUpdate();
      navigate(url);
      return; // leaving for the provider's portal
    } catch (err) {
      setCardError(
        isApiRequestError(err) && err.status < 500 && err.message ? err.message : CARD_UPDATE_FAILED,
      );
    }
    setOpening(false);
  }

  // The e-mail's link opens the card update once, as soon as the page is there.
  const wantsCard = params.get('update') === 'card';
  const asked = useRef(false);
  useEffect(() => {
    if (!wantsCard || asked.current) return;
    asked.current = true;
    void updateCard();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wantsCard]);

  return (
    <div className={styles.page} data-testid={remoteTestId('account')}>
      <h1 className={styles.heading}>Billing</h1>
      <Card as="section" className={styles.card} aria-labelledby="card-title">
        <h2 id="card-title">Payment method</h2>
        <p className={styles.muted}>Change the card your plan is charged to in the secure billing portal.</p>
        {opening && wantsCard ? <p role="status">Opening the card update...</p> : null}
        {cardError ? <Alert tone="danger">{cardError}</Alert> : null}
        <div>
          <Button variant="secondary" loading={opening} onClick={() => void updateCard()}>
            Update card
          </Button>
        </div>
      </Card>
      <Card as="section" className={styles.card} aria-labelledby="invoices-title">
        <h2 id="invoices-title">Invoices</h2>
        {account.error ? (
          <Alert tone="danger">
            {BILLING_LOAD_FAILED}{' '}
            <Button variant="secondary" size="sm" onClick={account.reload}>
              Try Again
            </Button>
          </Alert>
        ) : account.data ? (
          <InvoiceTable invoices={account.data.invoices} />
        ) : (
          <Spinner message="Loading your invoices..." />
        )}
      </Card>
      <Card as="section" className={styles.card} aria-labelledby="details-title">
        <h2 id="details-title">Billing details</h2>
        <p className={styles.muted}>Receipts go to this address and name these details.</p>
        {account.data ? <DetailsForm details={account.data.details} client={client} /> : null}
      </Card>
    </div>
  );
}
