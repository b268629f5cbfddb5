import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Dialog, remoteTestId, TextField, useSession, type AuthDialogProps } from '@catalyst/web-kit';
import styles from './AuthDialog.module.css';

interface Fields {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
}
const EMPTY: Fields = { name: '', email: '', password: '', confirmPassword: '' };

/** Sign in / register (the accounts helper completes validation, strength meter and show-password). */
export default function AuthDialog({ open, view, openCount, onViewChange, onClose, onError }: AuthDialogProps) {
  const { login, register } = useSession();
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const isLogin = view === 'login';

  // Every opening starts clean on the requested view.
  useEffect(() => {
    setFields(EMPTY);
    setError(null);
  }, [openCount, view]);

  const change = (key: keyof Fields) => (event: { target: { value: string } }) => setFields((f) => ({ ...f, [key]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    setError(null);
    const email = fields.email.trim().toLowerCase();
    const result = isLogin
      ? await login({ email, password: fields.password })
      : fields.password !== fields.confirmPassword
        ? { success: false, message: 'Passwords do not match' }
        : await register({ name: fields.name.trim(), email, password: fields.password });
    setSubmitting(false);
    if (result.success) {
      onClose();
      return;
    }
    const message = result.message || (isLogin ? 'Login failed. Please check your credentials.' : 'Registration failed. Please try again.');
    setError(message);
    if (isLogin) onError(message);
  };

  return (
    <Dialog open={open} onClose={onClose} title={isLogin ? 'Welcome Back' : 'Create Account'}>
      <div data-testid={remoteTestId('account')}>
        {error ? (
          <Alert tone="danger" className={styles.error}>
            {error}
          </Alert>
        ) : null}
        <form className={styles.form} onSubmit={submit} noValidate>
          {!isLogin ? <TextField label="Name" name="name" autoComplete="name" maxLength={50} value={fields.name} onChange={change('name')} /> : null}
          <TextField label="Email" name="email" type="email" autoComplete="email" value={fields.email} onChange={change('email')} />
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete={isLogin ? 'current-password' : 'new-password'}
            value={fields.password}
            onChange={change('password')}
          />
          {!isLogin ? (
            <TextField
              label="Confirm Password"
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              value={fields.confirmPassword}
              onChange={change('confirmPassword')}
            />
          ) : null}
          <Button type="submit" block loading={submitting}>
            {isLogin ? 'Login' : 'Create Account'}
          </Button>
        </form>
        <p className={styles.toggle}>
          {isLogin ? "Don't have an account? " : 'Already have an account? '}
          <button type="button" className={styles.linkButton} onClick={() => onViewChange(isLogin ? 'register' : 'login')}>
            {isLogin ? 'Sign Up' : 'Login'}
          </button>
        </p>
      </div>
    </Dialog>
  );
}
