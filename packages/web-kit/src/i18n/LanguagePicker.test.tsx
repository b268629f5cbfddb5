import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userRoutes } from '@catalyst/contracts';
import type { Language } from '@catalyst/contracts/languages';
import { LANGUAGE_STORAGE_KEY } from '../first-paint';
import { session } from '../session';
import { fakeApi } from '../testing';
import { followAccountLanguage } from './account';
import { currentLanguage } from './language';
import { LanguagePicker } from './LanguagePicker';
import { setLanguage } from './strings';

const learner = {
  _id: 'cccccccccccccccccccccccc',
  name: 'Layla Haddad',
  email: 'layla@example.com',
  role: 'user' as const,
  emailVerified: true,
  createdAt: '2026-12-01T10:00:00.000Z',
};

/** The profile as auth answers a PUT: the learner with the language sent. */
const savedProfile = ({ body }: { body?: unknown }) => ({
  user: { ...learner, ...(body as { locale?: Language | null }) },
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  await act(() => setLanguage('en', { keep: false }));
});

const picker = (name = 'Language') => screen.getByRole('combobox', { name });

describe('the language picker', () => {
  it("switches a visitor's page at once and remembers the pick in this browser, telling no account", async () => {
    const fake = fakeApi();
    render(<LanguagePicker />);
    expect((picker() as HTMLSelectElement).value).toBe('en');
    expect(screen.getByRole('option', { name: 'Deutsch' }).getAttribute('lang')).toBe('de');

    fireEvent.change(picker(), { target: { value: 'de' } });
    await waitFor(() => expect((picker('Sprache') as HTMLSelectElement).value).toBe('de'));
    expect(document.documentElement.getAttribute('lang')).toBe('de');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('de');
    expect(fake.requests()).toEqual([]);
  });

  it("keeps a signed-in person's pick on the account, and says so when it could not be kept", async () => {
    const fake = fakeApi().on(userRoutes.updateProfile, savedProfile);
    session.loadUser(learner);
    render(<LanguagePicker />);

    fireEvent.change(picker(), { target: { value: 'ar' } });
    await waitFor(() => expect(fake.callsTo(userRoutes.updateProfile)).toHaveLength(1));
    expect(fake.callsTo(userRoutes.updateProfile)[0]?.body).toEqual({
      name: 'Layla Haddad',
      email: 'layla@example.com',
      locale: 'ar',
    });
    expect(document.documentElement.getAttribute('dir')).toBe('rtl');
    await waitFor(() => expect(session.getState().user?.locale).toBe('ar'));

    fake.fail(userRoutes.updateProfile, 503, 'Service unavailable');
    fireEvent.change(picker('اللغة'), { target: { value: 'es' } });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Tu idioma se muestra aquí, pero no se pudo guardar en tu cuenta. Inténtalo más tarde.',
    );
    expect(currentLanguage()).toBe('es');
  });

  it("shows the account's language at sign-in, and gives an account with none the one shown", async () => {
    const fake = fakeApi().on(userRoutes.updateProfile, savedProfile);
    followAccountLanguage();
    render(<LanguagePicker />);

    await act(async () => session.loadUser({ ...learner, locale: 'es' }));
    await waitFor(() => expect((picker('Idioma') as HTMLSelectElement).value).toBe('es'));
    expect(fake.callsTo(userRoutes.updateProfile)).toHaveLength(0);

    await act(() => setLanguage('de'));
    await act(async () => session.loadUser({ ...learner, _id: 'dddddddddddddddddddddddd' }));
    await waitFor(() => expect(fake.callsTo(userRoutes.updateProfile)).toHaveLength(1));
    expect(fake.callsTo(userRoutes.updateProfile)[0]?.body).toMatchObject({ locale: 'de' });
    expect(currentLanguage()).toBe('de');
  });
});
