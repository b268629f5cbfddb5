import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  authMessages,
  validateConfirmPassword,
  validateEmail,
  validateNewPassword,
} from '@catalyst/contracts';
import {
  Alert,
  Button,
  Card,
  api,
  isApiRequestError,
  openAuthDialog,
  remoteTestId,
  TextField,
  useDocumentTitle,
  useStrings,
} from '@catalyst/web-kit';
import { PasswordStrength } from '../auth/PasswordStrength';
import { shownMessage } from '../i18n/contractMessages';
import { accountWidgetStrings } from '../i18n/widgets/en';
import { accountStrings } from '../i18n/en';
import styles from './ResetPasswordPage.module.css';

type Outcome = { tone: 'success' | 'danger'; message: string } | null;
type Errors = Partial<Record<'email' | 'password' | 'confirmPassword', string>>;

const failureOf = (error: unknown): { message: string; errors: Errors } => {
  if (!isApiRequestError(error)) return { message: authMessages.networkOrServer, errors: {} };
  const errors: Errors = {};
  for (const e of error.errors)
    if (e.field === 'email' || e.field === 'password') errors[e.field] = e.message;
  return { message: error.message, errors };
};

/** Step 1 (no token): the address to send a reset link to. The answer never says whether it has an account. */
function RequestLink() {
  const t = useStrings(accountStrings);
  const tw = useStrings(accountWidgetStrings);
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateEmail(email);
    setErrors(invalid ? { email: invalid } : {});
    if (invalid || sending) return;
    setSending(true);
    try {
      const result = await api.auth.forgotPassword.request({ body: { email } });
      setOutcome({ tone: 'success', message: result.message ?? authMessages.forgotPasswordSent });
    } catch (error) {
      const failure = failureOf(error);
      setErrors(failure.errors);
      setOutcome({ tone: 'danger', message: failure.message });
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <h1>{t('reset.requestTitle')}</h1>
      <p className={styles.muted}>{t('reset.requestLead')}</p>
      {outcome ? <Alert tone={outcome.tone}>{shownMessage(tw, t, outcome.message)}</Alert> : null}
      <form className={styles.form} onSubmit={submit} noValidate aria-label={t('reset.requestForm')}>
        <TextField
          label={tw('auth.email')}
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={shownMessage(tw, t, errors.email)}
        />
        <Button type="submit" block loading={sending} disabled={sending}>
          {sending ? t('reset.sending') : t('reset.send')}
        </Button>
      </form>
    </>
  );
}

/** Step 2 (the link's token): a new password under the registration rules; every session ends. */
function ChooseNewPassword({ token }: { token: string }) {
  const t = useStrings(accountStrings);
  const tw = useStrings(accountWidgetStrings);
  const [fields, setFields] = useState({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [done, setDone] = useState(false);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    const password = validateNewPassword(fields.password);
    const confirm = validateConfirmPassword(fields.password, fields.confirmPassword);
    if (password) found.password = password;
    if (confirm) found.confirmPassword = confirm;
    setErrors(found);
    if (Object.keys(found).length > 0 || saving) return;
    setSaving(true);
    try {
      const result = await api.auth.resetPassword.request({ body: { token, password: fields.password } });
      setDone(true);
      setOutcome({ tone: 'success', message: result.message ?? authMessages.resetSuccess });
    } catch (error) {
      const failure = failureOf(error);
      setErrors(failure.errors);
      setOutcome({ tone: 'danger', message: failure.message });
    } finally {
      setSaving(false);
    }
  };

  const edit = (key: 'password' | 'confirmPassword') => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.target.value;
    setFields((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  return (
    <>
      <h1>{t('reset.chooseTitle')}</h1>
      {outcome ? <Alert tone={outcome.tone}>{shownMessage(tw, t, outcome.message)}</Alert> : null}
      {done ? (
        <Button onClick={() => openAuthDialog('login')}>{t('reset.signIn')}</Button>
      ) : (
        <form className={styles.form} onSubmit={submit} noValidate aria-label={t('reset.chooseTitle')}>
          <TextField
            label={t('reset.newPassword')}
            name="password"
            type="password"
            autoComplete="new-password"
            value={fields.password}
            onChange={edit('password')}
            error={shownMessage(tw, t, errors.password)}
            hint={fields.password ? <PasswordStrength password={fields.password} /> : undefined}
          />
          <TextField
            label={tw('auth.confirmPassword')}
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            value={fields.confirmPassword}
            onChange={edit('confirmPassword')}
            error={shownMessage(tw, t, errors.confirmPassword)}
          />
          <Button type="submit" block loading={saving} disabled={saving}>
            {saving ? t('reset.saving') : t('reset.save')}
          </Button>
        </form>
      )}
    </>
  );
}

/** /reset-password: ask for a link, or (with ?token=) set a new password with it. */
export default function ResetPasswordPage() {
  const t = useStrings(accountStrings);
  useDocumentTitle(t('reset.documentTitle'));
  const [params] = useSearchParams();
  const token = params.get('token')?.trim();
  return (
    <section className={styles.page} data-testid={remoteTestId('account')}>
      <Card className={styles.card}>{token ? <ChooseNewPassword token={token} /> : <RequestLink />}</Card>
    </section>
  );
}
