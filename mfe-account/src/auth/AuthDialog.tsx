import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import {
  Alert,
  Button,
  Dialog,
  remoteTestId,
  TextField,
  useSession,
  useStrings,
  type AuthDialogProps,
  withParts,
} from '@catalyst/web-kit';
import { NAME_MAX_LENGTH } from '@catalyst/contracts';
import { shownMessage } from '../i18n/contractMessages';
import { accountWidgetStrings } from '../i18n/widgets/en';
import { PasswordStrength } from './PasswordStrength';
import { SsoOffer } from './SsoOffer';
import {
  classifyAuthFailure,
  loginPayload,
  registerPayload,
  validateLogin,
  validateRegister,
  type AuthField,
  type FieldErrors,
  type RegisterFields,
} from './validation';
import styles from './AuthDialog.module.css';

/** The dialog's own error banner clears itself after this long (the header's banner: 5 s). */
export const AUTH_BANNER_MS = 4000;

const EMPTY: RegisterFields = { name: '', email: '', password: '', confirmPassword: '' };

function ShowPasswordButton({ shown, onToggle }: { shown: boolean; onToggle: () => void }) {
  const t = useStrings(accountWidgetStrings);
  return (
    <button
      type="button"
      className={styles.reveal}
      onClick={onToggle}
      aria-pressed={shown}
      aria-label={shown ? t('auth.hidePassword') : t('auth.showPassword')}
    >
      {shown ? t('auth.hide') : t('auth.show')}
    </button>
  );
}

/** Sign in and registration (spec section 2, rules of section 5, messages of section 8). */
export default function AuthDialog(props: AuthDialogProps) {
  // Every opening starts clean on the requested view: a new opening is a new form.
  return <AuthDialogOpening key={props.openCount} {...props} />;
}

function AuthDialogOpening({ open, view, onViewChange, onClose, onError }: AuthDialogProps) {
  const { login, register } = useSession();
  const t = useStrings(accountWidgetStrings);
  const [fields, setFields] = useState<RegisterFields>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  // Unticked, the sign-in lasts across tabs and restarts (30 days without use); ticked, only in this tab.
  const [sharedComputer, setSharedComputer] = useState(false);
  const isLogin = view === 'login';
  const mounted = useRef(true);
  useEffect(() => () => void (mounted.current = false), []);

  useEffect(() => {
    if (!banner) return;
    const timer = setTimeout(() => setBanner(null), AUTH_BANNER_MS);
    return () => clearTimeout(timer);
  }, [banner]);

  const change = (key: AuthField) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    setFields((current) => ({ ...current, [key]: value }));
    // A field's error clears as soon as that field is edited.
    setErrors((current) => (current[key] ? { ...current, [key]: undefined } : current));
  };

  const switchView = () => {
    setErrors({});
    setBanner(null);
    onViewChange(isLogin ? 'register' : 'login');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const found = isLogin ? validateLogin(fields) : validateRegister(fields);
    setErrors(found);
    setBanner(null);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    const remember = !sharedComputer;
    const result = isLogin
      ? await login({ ...loginPayload(fields), remember })
      : await register({ ...registerPayload(fields), remember });
    if (!mounted.current) return;
    setSubmitting(false);
    if (result.success) {
      onClose();
      return;
    }
    const failure = classifyAuthFailure(result.error, result.message, view);
    if (failure.kind === 'fields') {
      setErrors(failure.fields);
      return;
    }
    if (isLogin && failure.kind === 'refused') {
      // A refused sign-in reports at the top of the page (the spec's banner) and keeps the dialog open
      // with what was typed, so the learner corrects the password instead of starting over.
      onError(shownMessage(t, null, failure.message));
      setBanner(failure.message);
      return;
    }
    setBanner(failure.message);
  };

  const passwordsMatch =
    !isLogin && fields.confirmPassword !== '' && fields.password === fields.confirmPassword;
  const passwordType = showPassword ? 'text' : 'password';

  return (
    <Dialog open={open} onClose={onClose} title={isLogin ? t('auth.loginTitle') : t('auth.registerTitle')}>
      <div data-testid={remoteTestId('account')}>
        <p className={styles.subtitle}>{isLogin ? t('auth.loginSubtitle') : t('auth.registerSubtitle')}</p>
        {banner ? (
          <Alert tone="danger" className={styles.error}>
            {shownMessage(t, null, banner)}
          </Alert>
        ) : null}
        <form
          className={styles.form}
          onSubmit={submit}
          noValidate
          aria-label={isLogin ? t('auth.loginForm') : t('auth.registerForm')}
        >
          {!isLogin ? (
            <TextField
              label={t('auth.name')}
              name="name"
              autoComplete="name"
              maxLength={NAME_MAX_LENGTH}
              value={fields.name}
              onChange={change('name')}
              error={shownMessage(t, null, errors.name)}
            />
          ) : null}
          <TextField
            label={t('auth.email')}
            name="email"
            type="email"
            autoComplete="email"
            value={fields.email}
            onChange={change('email')}
            error={shownMessage(t, null, errors.email)}
          />
          {isLogin ? <SsoOffer email={fields.email} /> : null}
          <TextField
            label={t('auth.password')}
            name="password"
            type={passwordType}
            autoComplete={isLogin ? 'current-password' : 'new-password'}
            value={fields.password}
            onChange={change('password')}
            error={shownMessage(t, null, errors.password)}
            adornment={
              <ShowPasswordButton shown={showPassword} onToggle={() => setShowPassword((v) => !v)} />
            }
            hint={
              !isLogin && fields.password !== '' ? <PasswordStrength password={fields.password} /> : undefined
            }
          />
          {!isLogin ? (
            <TextField
              label={t('auth.confirmPassword')}
              name="confirmPassword"
              type={passwordType}
              autoComplete="new-password"
              value={fields.confirmPassword}
              onChange={change('confirmPassword')}
              error={shownMessage(t, null, errors.confirmPassword)}
              hint={
                passwordsMatch ? <span className={styles.match}>{t('auth.passwordsMatch')}</span> : undefined
              }
            />
          ) : null}
          {!isLogin ? (
            <p className={styles.legal}>
              {withParts(t('auth.legal'), {
                terms: (
                  <a href="/terms-and-conditions" target="_blank" rel="noopener noreferrer">
                    {t('auth.terms')}
                  </a>
                ),
                privacy: (
                  <a href="/privacy-policy" target="_blank" rel="noopener noreferrer">
                    {t('auth.privacy')}
                  </a>
                ),
              })}
            </p>
          ) : null}
          <label className={styles.shared}>
            <input
              type="checkbox"
              name="sharedComputer"
              checked={sharedComputer}
              onChange={(event) => setSharedComputer(event.target.checked)}
            />
            {t('message.sharedComputer')}
          </label>
          {isLogin ? (
            <Link to="/reset-password" className={styles.forgot} onClick={onClose}>
              {t('auth.forgot')}
            </Link>
          ) : null}
          <Button type="submit" block loading={submitting} disabled={submitting}>
            {submitting
              ? isLogin
                ? t('auth.signingIn')
                : t('auth.creating')
              : isLogin
                ? t('auth.login')
                : t('auth.createAccount')}
          </Button>
        </form>
        <p className={styles.toggle}>
          {isLogin ? t('auth.noAccount') : t('auth.haveAccount')}
          <button type="button" className={styles.linkButton} onClick={switchView} disabled={submitting}>
            {isLogin ? t('auth.signUp') : t('auth.login')}
          </button>
        </p>
      </div>
    </Dialog>
  );
}
