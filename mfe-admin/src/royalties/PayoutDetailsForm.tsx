import { useState, type FormEvent } from 'react';
import type { PayoutAccount, PayoutMethod } from '@catalyst/contracts';
import { payoutMethodText, payoutMethodValues } from '@catalyst/contracts/royalties-terms';
import { Alert, Button, isApiRequestError, TextField, useStrings } from '@catalyst/web-kit';
import { SelectField } from '../common/FormControls';
import { consoleStrings } from '../i18n/console/en';

/** A refusal in the server's words (its first field's message), else `fallback`. */
export const refusalOr = (fallback: string) => (error: unknown) =>
  isApiRequestError(error) && error.status < 500 ? (error.errors[0]?.message ?? error.message) : fallback;

/**
 * Where a creator's royalties are paid: method and reference (sealed by billing), as read (`current`, none
 * before the first save). `save` is the admin's route or the creator's own; `onSaved` hears once it is stored.
 */
export function PayoutDetailsForm({
  current,
  save,
  onSaved,
}: {
  current: PayoutAccount | undefined;
  save: (body: { method: PayoutMethod; reference: string }) => Promise<unknown>;
  onSaved: () => void;
}) {
  const t = useStrings(consoleStrings);
  const [method, setMethod] = useState<PayoutMethod | null>(null);
  const [reference, setReference] = useState<string | null>(null);
  const [problem, setProblem] = useState('');
  const [saving, setSaving] = useState(false);
  const shownMethod = method ?? current?.method ?? 'bank_transfer';
  const shownReference = reference ?? current?.reference ?? '';

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setProblem('');
    try {
      await save({ method: shownMethod, reference: shownReference });
      onSaved();
    } catch (error) {
      setProblem(refusalOr(t('royalties.payout.failed'))(error));
    }
    setSaving(false);
  }

  return (
    <form aria-label={t('royalties.payout.label')} onSubmit={(e) => void submit(e)}>
      <SelectField
        label={t('royalties.payout.method')}
        value={shownMethod}
        onChange={(e) => setMethod(e.target.value as PayoutMethod)}
        options={payoutMethodValues.map((value) => ({ value, label: payoutMethodText[value] }))}
      />
      <TextField
        label={t('royalties.payout.reference')}
        value={shownReference}
        onChange={(e) => setReference(e.target.value)}
        hint={t('royalties.payout.referenceHint')}
        required
      />
      {problem ? <Alert tone="danger">{problem}</Alert> : null}
      <Button type="submit" loading={saving}>
        {t('royalties.payout.save')}
      </Button>
    </form>
  );
}
