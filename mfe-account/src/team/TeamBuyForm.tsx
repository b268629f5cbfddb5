import { useState, type FormEvent } from 'react';
import {
  TEAM_NAME_MAX,
  TEAM_NAME_MIN,
  TEAM_SEAT_PRICE,
  TEAM_SEATS_MAX,
  TEAM_SEATS_MIN,
  teamMessages,
  type TeamInterval,
} from '@catalyst/contracts/teams-terms';
import { Alert, Button, formatPrice, TextField, useStrings, type ApiClient } from '@catalyst/web-kit';
import { fieldErrorOf, formErrorOf, type FormError } from '../billing/formError';
import { shownMessage } from '../i18n/contractMessages';
import { teamFormStrings } from './teamFormMessages';
import { accountWidgetStrings } from '../i18n/widgets/en';
import { accountStrings } from '../i18n/en';
import styles from './Team.module.css';

/** Whole dollars as the price list writes them ('$12', '$6,000'); cents only when there are some. */
const dollars = (cents: number) => formatPrice(cents / 100, { whole: true });

const INTERVALS: readonly TeamInterval[] = ['month', 'year'];

/** The form's own checks, worded as the server words them, so a mistake costs no round trip: by field. */
function problemsOf(name: string, seats: number): FormError[] {
  const problems: FormError[] = [];
  const trimmed = name.trim();
  if (trimmed.length < TEAM_NAME_MIN || trimmed.length > TEAM_NAME_MAX)
    problems.push({ field: 'name', message: teamMessages.name });
  if (!Number.isInteger(seats) || seats < TEAM_SEATS_MIN || seats > TEAM_SEATS_MAX)
    problems.push({ field: 'seats', message: teamMessages.seats });
  return problems;
}

/** The team plan for a person in no team: a name, seats and billing interval, then the provider's checkout. */
export function TeamBuyForm({ client, navigate }: { client: ApiClient; navigate: (url: string) => void }) {
  const t = useStrings(accountStrings);
  const tw = useStrings(accountWidgetStrings);
  useStrings(teamFormStrings); // the team form's own checks, in the page's language
  const [name, setName] = useState('');
  const [seats, setSeats] = useState(String(TEAM_SEATS_MIN));
  const [interval, setBilling] = useState<TeamInterval>('month');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<FormError | null>(null);
  const [problems, setProblems] = useState<FormError[]>([]);
  const count = Number(seats);
  const countable = Number.isInteger(count) && count >= TEAM_SEATS_MIN && count <= TEAM_SEATS_MAX;

  async function buy(event: FormEvent) {
    event.preventDefault();
    const found = problemsOf(name, count);
    setProblems(found);
    setError(null);
    if (found.length > 0) return;
    setBusy(true);
    try {
      const { url } = await client.team.checkout({ body: { name: name.trim(), seats: count, interval } });
      navigate(url);
      return; // leaving for the provider's checkout
    } catch (err) {
      setError(formErrorOf(err, t('gift.checkoutFailed')));
    }
    setBusy(false);
  }
  const fieldError = (field: string) =>
    shownMessage(tw, t, problems.find((problem) => problem.field === field)?.message) ??
    fieldErrorOf(error, field);

  return (
    <form
      className={styles.form}
      onSubmit={(event) => void buy(event)}
      noValidate
      aria-label={t('teamBuy.form')}
    >
      <TextField
        label={t('teamBuy.name')}
        autoComplete="organization"
        value={name}
        maxLength={TEAM_NAME_MAX}
        onChange={(event) => setName(event.target.value)}
        error={fieldError('name')}
        required
      />
      <TextField
        label={t('teamBuy.seats')}
        type="number"
        inputMode="numeric"
        min={TEAM_SEATS_MIN}
        max={TEAM_SEATS_MAX}
        step={1}
        value={seats}
        onChange={(event) => setSeats(event.target.value)}
        error={fieldError('seats')}
        hint={t('teamBuy.seatsHint', { min: TEAM_SEATS_MIN, max: TEAM_SEATS_MAX })}
        required
      />
      <fieldset className={styles.choices}>
        <legend>{t('teamBuy.billing')}</legend>
        {INTERVALS.map((option) => (
          <label key={option} className={styles.choice}>
            <input
              type="radio"
              name="team-interval"
              checked={interval === option}
              onChange={() => setBilling(option)}
            />
            {option === 'month'
              ? t('teamBuy.monthly', { price: dollars(TEAM_SEAT_PRICE.month) })
              : t('teamBuy.annual', { price: dollars(TEAM_SEAT_PRICE.year) })}
          </label>
        ))}
      </fieldset>
      <p className={styles.total} aria-live="polite">
        {countable
          ? interval === 'month'
            ? t('teamBuy.totalMonth', { price: dollars(count * TEAM_SEAT_PRICE.month) })
            : t('teamBuy.totalYear', { price: dollars(count * TEAM_SEAT_PRICE.year) })
          : null}
      </p>
      {error && !['name', 'seats'].includes(error.field ?? '') ? (
        <Alert tone="danger">{error.message}</Alert>
      ) : null}
      <div>
        <Button type="submit" loading={busy}>
          {t('teamBuy.continue')}
        </Button>
      </div>
    </form>
  );
}
