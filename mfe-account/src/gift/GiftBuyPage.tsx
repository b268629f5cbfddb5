import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Gift } from '@catalyst/contracts';
import {
  Alert,
  api as defaultApi,
  Button,
  Card,
  formatDate,
  isApiRequestError,
  Spinner,
  TextField,
  useDocumentTitle,
  type ApiClient,
} from '@catalyst/web-kit';
import { fieldErrorOf, formErrorOf, type FormError } from '../billing/formError';
import styles from './Gift.module.css';

const MONTHS = [3, 6, 12] as const;
/** The monthly price for each month, one payment (the server charges the same). */
const PER_MONTH = 14.99;
const price = (months: number) => `$${(PER_MONTH * months).toFixed(2)}`;
const today = () => new Date().toISOString().slice(0, 10);
const browserNavigate = (url: string) => globalThis.location.assign(url);

/** Groups of five, as the receipt prints it. */
export const groupedCode = (code: string) => code.match(/.{1,5}/g)?.join('-') ?? code;

/** After the payment: the gift with its code to print, or when its e-mail goes. */
function Purchased({ sessionId, client }: { sessionId: string; client: ApiClient }) {
  const [gift, setGift] = useState<Gift | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    client.gift
      .confirm({ body: { sessionId } })
      .then((answer) => live && setGift(answer))
      .catch(
        (err: unknown) =>
          live && setError(isApiRequestError(err) ? err.message : 'Your gift could not be loaded.'),
      );
    return () => {
      live = false;
    };
  }, [client, sessionId]);
  if (error) return <Alert tone="danger">{error}</Alert>;
  if (!gift) return <Spinner message="Confirming your payment..." />;
  if (gift.status === 'pending')
    return <Alert tone="warning">Your payment has not arrived yet. Reload this page in a moment.</Alert>;
  return (
    <Card as="section" className={styles.card} aria-labelledby="gift-done">
      <h1 id="gift-done">Thank you! Your gift is paid.</h1>
      <p>
        {gift.months} months of Catalyst Premium for {gift.recipientName}. Your receipt is on its way to your
        e-mail.
      </p>
      {gift.delivery === 'email' ? (
        <p>
          We will e-mail {gift.recipientEmail} on{' '}
          {formatDate(`${gift.sendOn}T12:00:00Z`, 'long', { utc: true })} with a link to redeem it.
        </p>
      ) : (
        <>
          <p>Print this code or pass it on. It is redeemed at {gift.redeemUrl}.</p>
          <p className={styles.code} aria-label="Gift code">
            {gift.code ? groupedCode(gift.code) : ''}
          </p>
          <div>
            <Button variant="secondary" onClick={() => globalThis.print()}>
              Print
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
  useDocumentTitle('Give Premium');
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
      setError(formErrorOf(err, 'The checkout could not be opened. Please try again.'));
    }
    setBusy(false);
  }
  const fieldError = (field: string) => fieldErrorOf(error, field);

  return (
    <div className={styles.page}>
      <Card as="section" className={styles.card} aria-labelledby="gift-title">
        <h1 id="gift-title">Give Premium</h1>
        <p className={styles.muted}>
          One payment, no subscription: they get every course for the months you choose.
        </p>
        {params.get('canceled') ? (
          <Alert tone="info">Your payment was cancelled. Nothing was charged.</Alert>
        ) : null}
        <form className={styles.card} onSubmit={(event) => void buy(event)} noValidate>
          <fieldset className={styles.choices}>
            <legend>How long</legend>
            {MONTHS.map((n) => (
              <label key={n} className={styles.choice}>
                <input type="radio" name="months" checked={months === n} onChange={() => setMonths(n)} />
                {n} months — {price(n)}
              </label>
            ))}
          </fieldset>
          <TextField
            label="Recipient's name"
            value={recipientName}
            onChange={(event) => setRecipientName(event.target.value)}
            error={fieldError('recipientName')}
            required
          />
          <fieldset className={styles.choices}>
            <legend>How they get it</legend>
            <label className={styles.choice}>
              <input
                type="radio"
                name="delivery"
                checked={delivery === 'email'}
                onChange={() => setDelivery('email')}
              />
              E-mail it to them on a day I choose
            </label>
            <label className={styles.choice}>
              <input
                type="radio"
                name="delivery"
                checked={delivery === 'print'}
                onChange={() => setDelivery('print')}
              />
              I will print the code
            </label>
          </fieldset>
          {delivery === 'email' ? (
            <>
              <TextField
                label="Recipient's e-mail"
                type="email"
                value={recipientEmail}
                onChange={(event) => setRecipientEmail(event.target.value)}
                error={fieldError('recipientEmail')}
                required
              />
              <TextField
                label="Send on"
                type="date"
                min={today()}
                value={sendOn}
                onChange={(event) => setSendOn(event.target.value)}
                error={fieldError('sendOn')}
              />
            </>
          ) : null}
          <label htmlFor="gift-message">Message (optional)</label>
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
              Pay {price(months)}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
