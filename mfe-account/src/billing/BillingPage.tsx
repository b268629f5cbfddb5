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
  useStrings,
  type ApiClient,
  formatMoney,
} from '@catalyst/web-kit';
import { accountStrings } from '../i18n/en';
import styles from './BillingPage.module.css';
import { fieldErrorOf, formErrorOf, type FormError } from './formError';

/** The saved details' notice, in English (as tests read it). */
export const DETAILS_SAVED = accountStrings.english['billing.saved'];

const STATUS_KEYS = {
  paid: 'invoice.paid',
  open: 'invoice.paymentDue',
  draft: 'invoice.draft',
  uncollectible: 'invoice.uncollectible',
  void: 'invoice.void',
} as const satisfies Record<AccountInvoice['status'], string>;

const browserNavigate = (url: string) => globalThis.location.assign(url);

/** The billing details form: the e-mail, company and VAT number receipts name. */
function DetailsForm({ details, client }: { details: BillingDetails; client: ApiClient }) {
  const t = useStrings(accountStrings);
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
      setNotice(t('billing.saved'));
    } catch (err) {
      setError(formErrorOf(err, t('billing.saveFailed')));
    }
    setSaving(false);
  }

  const fieldError = (field: string) => fieldErrorOf(error, field);
  return (
    <form className={styles.form} onSubmit={(event) => void save(event)} noValidate>
      <TextField
        label={t('billing.email')}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={fieldError('email')}
        required
      />
      <TextField
        label={t('billing.company')}
        autoComplete="organization"
        value={companyName}
        onChange={(event) => setCompanyName(event.target.value)}
        error={fieldError('companyName')}
        hint={t('billing.companyHint')}
      />
      <TextField
        label={t('billing.vat')}
        value={vatNumber}
        onChange={(event) => setVatNumber(event.target.value)}
        error={fieldError('vatNumber')}
        hint={t('billing.vatHint')}
      />
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {error && !error.field ? <Alert tone="danger">{error.message}</Alert> : null}
      <div>
        <Button type="submit" loading={saving}>
          {t('billing.save')}
        </Button>
      </div>
    </form>
  );
}

function InvoiceTable({ invoices }: { invoices: AccountInvoice[] }) {
  const t = useStrings(accountStrings);
  if (invoices.length === 0) return <p className={styles.muted}>{t('invoices.none')}</p>;
  return (
    <div className={styles.scroll}>
      <table className={styles.table}>
        <caption className={styles.caption}>{t('billing.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('billing.date')}</th>
            <th scope="col">{t('details.plan')}</th>
            <th scope="col">{t('billing.amount')}</th>
            <th scope="col">{t('billing.discount')}</th>
            <th scope="col">{t('billing.tax')}</th>
            <th scope="col">{t('planSection.status')}</th>
            <th scope="col">{t('invoices.receipt')}</th>
          </tr>
        </thead>
        <tbody>
          {invoices.map((invoice) => (
            <tr key={invoice.id}>
              <td>{formatDate(invoice.date)}</td>
              <td>{invoice.plan}</td>
              <td>{formatMoney(invoice.amount, invoice.currency)}</td>
              <td>{invoice.discount > 0 ? `-${formatMoney(invoice.discount, invoice.currency)}` : '—'}</td>
              <td>{formatMoney(invoice.tax, invoice.currency)}</td>
              <td>{t(STATUS_KEYS[invoice.status])}</td>
              <td className={styles.links}>
                <a href={invoice.pdfUrl} target="_blank" rel="noreferrer">
                  {t('billing.pdf')}{' '}
                  <span className={styles.hidden}>
                    {t('billing.ofDate', { date: formatDate(invoice.date) })}
                  </span>
                </a>
                {invoice.hostedUrl ? (
                  <a href={invoice.hostedUrl} target="_blank" rel="noreferrer">
                    {t('billing.view')}{' '}
                    <span className={styles.hidden}>
                      {t('billing.ofDate', { date: formatDate(invoice.date) })}
                    </span>
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
  const t = useStrings(accountStrings);
  useDocumentTitle(t('billing.documentTitle'));
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
        isApiRequestError(err) && err.status < 500 && err.message ? err.message : t('billing.cardFailed'),
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
      <h1 className={styles.heading}>{t('billing.title')}</h1>
      <Card as="section" className={styles.card} aria-labelledby="card-title">
        <h2 id="card-title">{t('billing.method')}</h2>
        <p className={styles.muted}>{t('billing.methodNote')}</p>
        {opening && wantsCard ? <p role="status">{t('billing.opening')}</p> : null}
        {cardError ? <Alert tone="danger">{cardError}</Alert> : null}
        <div>
          <Button variant="secondary" loading={opening} onClick={() => void updateCard()}>
            {t('subscribed.updateCard')}
          </Button>
        </div>
      </Card>
      <Card as="section" className={styles.card} aria-labelledby="invoices-title">
        <h2 id="invoices-title">{t('invoices.title')}</h2>
        {account.error ? (
          <Alert tone="danger">
            {t('billing.loadFailed')}{' '}
            <Button variant="secondary" size="sm" onClick={account.reload}>
              {t('failed.tryAgain')}
            </Button>
          </Alert>
        ) : account.data ? (
          <InvoiceTable invoices={account.data.invoices} />
        ) : (
          <Spinner message={t('billing.loading')} />
        )}
      </Card>
      <Card as="section" className={styles.card} aria-labelledby="details-title">
        <h2 id="details-title">{t('billing.details')}</h2>
        <p className={styles.muted}>{t('billing.detailsNote')}</p>
        {account.data ? <DetailsForm details={account.data.details} client={client} /> : null}
      </Card>
    </div>
  );
}
