import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Gift } from '@catalyst/contracts';
import {
  Alert,
  api as defaultApi,
  Button,
  Card,
  formatDate,
  formatPrice,
  isApiRequestError,
  Spinner,
  TextField,
  useDocumentTitle,
  useStrings,
  type ApiClient,
} from '@catalyst/web-kit';
import { fieldErrorOf, formErrorOf, type FormError } from '../billing/formError';
import { accountStrings } from '../i18n/en';
import styles from './Gift.module.css';

const MONTHS = [3, 6, 12] as const;
/** The monthly price for each month, one payment (the server charges the same). */
const PER_MONTH = 14.99;
const price = (months: number) => formatPrice(Math.round(PER_MONTH * months * 100) / 100);
const today = () => new Date().toISOString().slice(0, 10);
const browserNavigate = (url: string) => globalThis.location.assign(url);

/** Groups of five, as the receipt prints it. */
export const groupedCode = (code: string) => code.match(/.{1,5}/g)?.join('-') ?? code;

/** After the payment: the gift with its code to print, or when its e-mail goes. */
function Purchased({ sessionId, client }: { sessionId: string; client: ApiClient }) {
  const t = useStrings(accountStrings);
  const [gift, setGift] = useState<Gift | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    client.gift
      .confirm({ body: { sessionId } })
      .then((answer) => live && setGift(answer))
      .catch(
        (err: unknown) =>
          // '' when the server gave no words: the page says it in its language
          live && setError(isApiRequestError(err) ? err.message : ''),
      );
    return () => {
      live = false;
    };
  }, [client, sessionId]);
  if (error !== null) return <Alert tone="danger">{error || t('gift.loadFailed')}</Alert>;
  if (!gift) return <Spinner message={t('gift.confirming')} />;
  if (gift.status === 'pending') return <Alert tone="warning">{t('gift.pending')}</Alert>;
  return (
    <Card as="section" className={styles.card} aria-labelledby="gift-done">
      <h1 id="gift-done">{t('gift.paidTitle')}</h1>
      <p>{t('gift.paidText', { count: gift.months, name: gift.recipientName })}</p>
      {gift.delivery === 'email' ? (
        <p>
          {t('gift.emailOn', {
            email: gift.recipientEmail ?? '',
            date: formatDate(`${gift.sendOn}T12:00:00Z`, 'long', { utc: true }),
          })}
        </p>
      ) : (
        <>
          <p>{t('gift.printText', { url: gift.redeemUrl ?? '' })}</p>
          <p className={styles.code} aria-label={t('gift.code')}>
            {gift.code ? groupedCode(gift.code) : ''}
          </p>
          <div>
            <Button variant="secondary" onClick={() => globalThis.print()}>
              {t('gift.print')}
            </Button>
          </div>
        </>
      )}
    </Card>
  );
}

/** /gift: buy Premium for someone else (3, 6 or 12 months, one payment at the provider's checkout). */
export function GiftBuyPage({
  client = defaultApi,
  navigate = browserNavigate,
}: {
  client?: ApiClient;
  navigate?: (url: string) => void;
}) {
  const t = useStrings(accountStrings);
  useDocumentTitle(t('gift.documentTitle'));
  const [params] = useSearchParams();
  const [months, setMonths] = useState<3 | 6 | 12>(3);
  const [recipientName, setRecipientName] = useState('');
  const [delivery, setDelivery] = useState<'email' | 'print'>('email');
  const [recipientEmail, setRecipientEmail] = useState('');
  const [sendOn, setSendOn] = useState(today());
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<FormError | null>(null);

  const purchased = params.get('purchased');
  if (purchased)
    return (
      <div className={styles.page}>
        <Purchased sessionId={purchased} client={client} />
      </div>
    );

  async function buy(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { url } = await client.gift.checkout({
        body: {
          months,
          recipientName,
          delivery,
          recipientEmail: delivery === 'email' ? recipientEmail : null,
          sendOn: delivery === 'email' ? sendOn : null,
          message,
        },
      });
      navigate(url);
      return; // leaving for the provider's checkout
    } catch (err) {
      setError(formErrorOf(err, t('gift.checkoutFailed')));
    }
    setBusy(false);
  }
  const fieldError = (field: string) => fieldErrorOf(error, field);

  return (
    <div className={styles.page}>
      <Card as="section" className={styles.card} aria-labelledby="gift-title">
        <h1 id="gift-title">{t('gift.title')}</h1>
        <p className={styles.muted}>{t('gift.lead')}</p>
        {params.get('canceled') ? <Alert tone="info">{t('gift.cancelled')}</Alert> : null}
        <form className={styles.card} onSubmit={(event) => void buy(event)} noValidate>
          <fieldset className={styles.choices}>
            <legend>{t('gift.howLong')}</legend>
            {MONTHS.map((n) => (
              <label key={n} className={styles.choice}>
                <input type="radio" name="months" checked={months === n} onChange={() => setMonths(n)} />
                {t('gift.option', { count: n, price: price(n) })}
              </label>
            ))}
          </fieldset>
          <TextField
            label={t('gift.recipientName')}
            value={recipientName}
            onChange={(event) => setRecipientName(event.target.value)}
            error={fieldError('recipientName')}
            required
          />
          <fieldset className={styles.choices}>
            <legend>{t('gift.howGet')}</legend>
            <label className={styles.choice}>
              <input
                type="radio"
                name="delivery"
                checked={delivery === 'email'}
                onChange={() => setDelivery('email')}
              />
              {t('gift.byEmail')}
            </label>
            <label className={styles.choice}>
              <input
                type="radio"
                name="delivery"
                checked={delivery === 'print'}
                onChange={() => setDelivery('print')}
              />
              {t('gift.byPrint')}
            </label>
          </fieldset>
          {delivery === 'email' ? (
            <>
              <TextField
                label={t('gift.recipientEmail')}
                type="email"
                value={recipientEmail}
                onChange={(event) => setRecipientEmail(event.target.value)}
                error={fieldError('recipientEmail')}
                required
              />
              <TextField
                label={t('gift.sendOn')}
                type="date"
                min={today()}
                value={sendOn}
                onChange={(event) => setSendOn(event.target.value)}
                error={fieldError('sendOn')}
              />
            </>
          ) : null}
          <label htmlFor="gift-message">{t('gift.message')}</label>
          <textarea
            id="gift-message"
            className={styles.message}
            maxLength={500}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
          />
          {error && !['recipientName', 'recipientEmail', 'sendOn'].includes(error.field ?? '') ? (
            <Alert tone="danger">{error.message}</Alert>
          ) : null}
          <div>
            <Button type="submit" loading={busy}>
              {t('gift.pay', { price: price(months) })}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
