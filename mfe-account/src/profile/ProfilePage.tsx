import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { authMessages, NAME_MAX_LENGTH, normaliseEmail } from '@catalyst/contracts';
import { useNavigate } from 'react-router-dom';
import {
  Alert,
  Button,
  Card,
  Dialog,
  LanguagePicker,
  api,
  remoteTestId,
  session,
  TextField,
  THEME_CHOICES,
  useDocumentTitle,
  useSession,
  useSubscription,
  useStrings,
  useThemeChoice,
  withNotice,
  type ThemeChoice,
} from '@catalyst/web-kit';
import { shownMessage } from '../i18n/contractMessages';
import { accountWidgetStrings } from '../i18n/widgets/en';
import { accountStrings } from '../i18n/en';
import { submitFailure, type FormMessage } from './profileErrors';
import { collectMyData, downloadJson, exportFileName } from './dataExport';
import { PlanSection } from './PlanSection';
import { SignOutEverywhere } from './SignOutEverywhere';
import styles from './ProfilePage.module.css';

type ProfileFields = { name: string; email: string; currentPassword: string };
type PasswordFields = { currentPassword: string; newPassword: string; confirmPassword: string };
type Errors<T> = Partial<Record<keyof T, string>>;

const EMPTY_PASSWORDS: PasswordFields = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Required-only checks: the server applies the full rules and answers per field (spec section 5). */
export function requiredProfileErrors(fields: ProfileFields): Errors<ProfileFields> {
  const errors: Errors<ProfileFields> = {};
  if (!fields.name.trim()) errors.name = authMessages.nameRequired;
  if (!fields.email.trim()) errors.email = authMessages.emailRequired;
  return errors;
}

export function requiredPasswordErrors(fields: PasswordFields): Errors<PasswordFields> {
  const errors: Errors<PasswordFields> = {};
  if (!fields.currentPassword) errors.currentPassword = authMessages.currentPasswordRequired;
  if (!fields.newPassword) errors.newPassword = authMessages.newPasswordRequired;
  if (!fields.confirmPassword) errors.confirmPassword = authMessages.confirmRequired;
  return errors;
}

function useForm<T extends Record<string, string>>(initial: T) {
  const [fields, setFields] = useState<T>(initial);
  const [errors, setErrors] = useState<Errors<T>>({});
  const [message, setMessage] = useState<FormMessage | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const change = (key: keyof T) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    setFields((current) => ({ ...current, [key]: value }));
    setErrors((current) => (current[key] ? { ...current, [key]: undefined } : current));
  };
  return { fields, setFields, errors, setErrors, message, setMessage, submitting, setSubmitting, change };
}

function UpdateProfileForm() {
  const t = useStrings(accountStrings);
  const tw = useStrings(accountWidgetStrings);
  const { user } = useSession();
  const form = useForm<ProfileFields>({
    name: user?.name ?? '',
    email: user?.email ?? '',
    currentPassword: '',
  });
  const { setFields } = form;
  useEffect(() => {
    setFields({ name: user?.name ?? '', email: user?.email ?? '', currentPassword: '' });
  }, [user?.name, user?.email, setFields]);
  // Changing the sign-in address needs the current password (the server checks it).
  const emailChanging = user !== null && normaliseEmail(form.fields.email) !== user?.email;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const errors = requiredProfileErrors(form.fields);
    if (emailChanging && !form.fields.currentPassword)
      errors.currentPassword = authMessages.emailChangeNeedsPassword;
    form.setErrors(errors);
    form.setMessage(null);
    if (Object.keys(errors).length > 0) return;
    form.setSubmitting(true);
    try {
      const body = {
        name: form.fields.name.trim(),
        email: normaliseEmail(form.fields.email),
        ...(emailChanging ? { currentPassword: form.fields.currentPassword } : {}),
      };
      const result = await api.user.updateProfile.request({ body });
      if (result.data?.user) session.loadUser(result.data.user);
      form.setMessage({ tone: 'success', text: result.message || authMessages.profileUpdated });
    } catch (error) {
      const failure = submitFailure(error, authMessages.profileUpdateFailed, authMessages.profileUpdateError);
      form.setErrors(failure.fields as Errors<ProfileFields>);
      form.setMessage(failure.message);
    } finally {
      form.setSubmitting(false);
    }
  };

  return (
    <Card className={styles.card}>
      <h2 className={styles.heading}>{t('profile.update')}</h2>
      {form.message ? <Alert tone={form.message.tone}>{shownMessage(tw, t, form.message.text)}</Alert> : null}
      <form onSubmit={submit} noValidate aria-label={t('profile.update')}>
        <TextField
          label={tw('auth.name')}
          name="name"
          autoComplete="name"
          maxLength={NAME_MAX_LENGTH}
          value={form.fields.name}
          onChange={form.change('name')}
          error={shownMessage(tw, t, form.errors.name)}
        />
        <TextField
          label={tw('auth.email')}
          name="email"
          type="email"
          autoComplete="email"
          value={form.fields.email}
          onChange={form.change('email')}
          error={shownMessage(tw, t, form.errors.email)}
        />
        {emailChanging ? (
          <TextField
            label={t('profile.currentPassword')}
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            value={form.fields.currentPassword}
            onChange={form.change('currentPassword')}
            error={shownMessage(tw, t, form.errors.currentPassword)}
            hint={t('profile.emailPasswordHint')}
          />
        ) : null}
        {user && user.emailVerified === false ? (
          <p className={styles.note}>{t('profile.unverified')}</p>
        ) : null}
        <Button type="submit" loading={form.submitting}>
          {t('profile.update')}
        </Button>
      </form>
    </Card>
  );
}

function ChangePasswordForm() {
  const t = useStrings(accountStrings);
  const tw = useStrings(accountWidgetStrings);
  const form = useForm<PasswordFields>(EMPTY_PASSWORDS);
  const [shown, setShown] = useState(false);
  const type = shown ? 'text' : 'password';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const errors = requiredPasswordErrors(form.fields);
    form.setErrors(errors);
    form.setMessage(null);
    if (Object.keys(errors).length > 0) return;
    form.setSubmitting(true);
    try {
      await api.user.changePassword({ body: form.fields });
      form.setFields(EMPTY_PASSWORDS);
      form.setMessage({ tone: 'success', text: authMessages.passwordChanged });
    } catch (error) {
      const failure = submitFailure(
        error,
        authMessages.passwordChangeFailed,
        authMessages.passwordChangeError,
      );
      form.setErrors(failure.fields as Errors<PasswordFields>);
      form.setMessage(failure.message);
    } finally {
      form.setSubmitting(false);
    }
  };

  return (
    <Card className={styles.card}>
      <h2 className={styles.heading}>{t('profile.changePassword')}</h2>
      {form.message ? <Alert tone={form.message.tone}>{shownMessage(tw, t, form.message.text)}</Alert> : null}
      <form onSubmit={submit} noValidate aria-label={t('profile.changePassword')}>
        <TextField
          label={t('profile.currentPassword')}
          name="currentPassword"
          type={type}
          autoComplete="current-password"
          value={form.fields.currentPassword}
          onChange={form.change('currentPassword')}
          error={shownMessage(tw, t, form.errors.currentPassword)}
        />
        <TextField
          label={t('profile.newPassword')}
          name="newPassword"
          type={type}
          autoComplete="new-password"
          value={form.fields.newPassword}
          onChange={form.change('newPassword')}
          error={shownMessage(tw, t, form.errors.newPassword)}
        />
        <TextField
          label={t('profile.confirmNewPassword')}
          name="confirmPassword"
          type={type}
          autoComplete="new-password"
          value={form.fields.confirmPassword}
          onChange={form.change('confirmPassword')}
          error={shownMessage(tw, t, form.errors.confirmPassword)}
        />
        <label className={styles.show}>
          <input type="checkbox" checked={shown} onChange={(event) => setShown(event.target.checked)} />{' '}
          {t('profile.showPasswords')}
        </label>
        <Button type="submit" loading={form.submitting}>
          {t('profile.changePassword')}
        </Button>
      </form>
    </Card>
  );
}

/** Export my data (GDPR portability): one JSON file of everything kept about the person, before they go or any time. */
function ExportDataCard() {
  const t = useStrings(accountStrings);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<FormMessage | null>(null);
  const run = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const now = new Date();
      downloadJson(await collectMyData(now), exportFileName(now));
      setMessage({ tone: 'success', text: t('profile.dataDone') });
    } catch {
      setMessage({ tone: 'danger', text: t('profile.dataFailed') });
    }
    setBusy(false);
  };
  return (
    <Card className={styles.card}>
      <h2 className={styles.heading}>{t('profile.dataTitle')}</h2>
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      <p className={styles.note}>{t('profile.dataNote')}</p>
      <Button variant="secondary" loading={busy} onClick={() => void run()}>
        {t('profile.dataDownload')}
      </Button>
    </Card>
  );
}

/** The deletion's message when the server was never reached, in English (as tests read it). */
export const deleteAccountTexts = { error: accountStrings.english['profile.deleteError'] } as const;

/** Deleting the account (terms, "Deleting your account"): the password confirms it, then a dialog asks once more. */
function DeleteAccountForm() {
  const t = useStrings(accountStrings);
  const tw = useStrings(accountWidgetStrings);
  const navigate = useNavigate();
  // Only a person with a plan is told about cancelling it.
  const { hasSubscription } = useSubscription();
  const form = useForm<{ password: string }>({ password: '' });
  const [confirming, setConfirming] = useState(false);

  const ask = (event: FormEvent) => {
    event.preventDefault();
    form.setMessage(null);
    if (!form.fields.password) {
      form.setErrors({ password: authMessages.passwordRequired });
      return;
    }
    form.setErrors({});
    setConfirming(true);
  };

  const confirm = async () => {
    form.setSubmitting(true);
    try {
      await api.user.deleteAccount({ body: { password: form.fields.password } });
      // The account and its sessions are gone: forget the token here too, then leave the signed-in area.
      await session.logout();
      navigate('/', {
        replace: true,
        state: withNotice(hasSubscription ? t('profile.deleted') : t('profile.deletedNoPlan')),
      });
    } catch (error) {
      const failure = submitFailure(error, t('profile.deleteFailed'), t('profile.deleteError'));
      form.setErrors(failure.fields);
      // A wrong password is said once, under the field.
      form.setMessage(failure.fields.password ? null : failure.message);
      form.setSubmitting(false);
      setConfirming(false);
    }
  };

  return (
    <Card className={styles.card}>
      <h2 className={styles.heading}>{t('profile.deleteTitle')}</h2>
      {form.message ? <Alert tone={form.message.tone}>{shownMessage(tw, t, form.message.text)}</Alert> : null}
      <p className={styles.note}>{hasSubscription ? t('profile.deleteNotePlan') : t('profile.deleteNote')}</p>
      <form onSubmit={ask} noValidate aria-label={t('profile.deleteTitle')}>
        <TextField
          label={tw('auth.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={form.fields.password}
          onChange={form.change('password')}
          error={shownMessage(tw, t, form.errors.password)}
        />
        <Button type="submit" variant="danger">
          {t('profile.deleteTitle')}
        </Button>
      </form>
      <Dialog
        open={confirming}
        onClose={() => !form.submitting && setConfirming(false)}
        title={t('profile.deleteConfirmTitle')}
        closeOnBackdrop={!form.submitting}
      >
        <p>{hasSubscription ? t('profile.deleteConfirmPlan') : t('profile.deleteConfirm')}</p>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => setConfirming(false)} disabled={form.submitting}>
            {t('profile.cancel')}
          </Button>
          <Button variant="danger" onClick={confirm} loading={form.submitting}>
            {t('profile.deleteMine')}
          </Button>
        </div>
      </Dialog>
    </Card>
  );
}

/** /profile: Update Profile (name, email), the plan and its invoices, Change Password (spec section 2) and Delete Account (terms). */
/**
 * The theme: the system's, light or dark, kept in this browser and shown at once (the header's toggle is the same);
 * and the language.
 */
function AppearanceCard() {
  const t = useStrings(accountStrings);
  const [choice, choose] = useThemeChoice();
  const themeLabel: Record<ThemeChoice, string> = {
    system: t('profile.themeSystem'),
    light: t('profile.themeLight'),
    dark: t('profile.themeDark'),
  };
  return (
    <Card className={styles.card}>
      <fieldset className={styles.choices}>
        <legend className={styles.heading}>{t('profile.appearance')}</legend>
        {THEME_CHOICES.map((value) => (
          <label key={value} className={styles.choice}>
            <input
              type="radio"
              name="theme"
              value={value}
              checked={choice === value}
              onChange={() => choose(value)}
            />{' '}
            {themeLabel[value]}
          </label>
        ))}
      </fieldset>
      {/* kept on the account: the person's other browsers start in it too (the footer's picker is the same) */}
      <LanguagePicker className={styles.language} />
    </Card>
  );
}

export default function ProfilePage() {
  const t = useStrings(accountStrings);
  useDocumentTitle(t('profile.documentTitle'));
  return (
    <section className={styles.page} data-testid={remoteTestId('account')}>
      <h1>{t('profile.title')}</h1>
      <div className={styles.grid}>
        <UpdateProfileForm />
        <PlanSection />
        <AppearanceCard />
        <ChangePasswordForm />
        <SignOutEverywhere />
        <ExportDataCard />
        <DeleteAccountForm />
      </div>
    </section>
  );
}
