import { createHash } from 'node:crypto';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@catalyst/web-kit';
import PrivacyPolicyPage from '../PrivacyPolicyPage';
import TermsPage from '../TermsPage';
import { PRIVACY_POLICY_VERSION } from './versions';

describe('the privacy policy', () => {
  it('shows the day its text last changed, and the text is the one dated', () => {
    render(
      <MemoryRouter>
        <PrivacyPolicyPage />
      </MemoryRouter>,
    );
    expect(screen.getByText(/^Last updated:/).textContent).toBe('Last updated: December 5, 2026');
    const article = screen.getByRole('article');
    const meta = screen.getByText(/^Last updated:/);
    const text = (article.textContent ?? '').replace(meta.textContent ?? '', '');
    const digest = createHash('sha256').update(text).digest('hex');
    expect(
      digest,
      `The privacy policy's text changed: set PRIVACY_POLICY_VERSION in shell/src/pages/legal/versions.ts to today's date and digest '${digest}'`,
    ).toBe(PRIVACY_POLICY_VERSION.digest);
  });
});

describe('the legal pages in another language', () => {
  afterEach(async () => {
    await act(() => setLanguage('en', { keep: false }));
  });

  it('show the translation under a notice that the English text binds, and that text at ?lang=en', async () => {
    await act(() => setLanguage('es', { keep: false }));
    const translated = render(
      <MemoryRouter initialEntries={['/terms-and-conditions']}>
        <TermsPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Términos y condiciones');
    expect(screen.getByRole('status').textContent).toBe(
      'Esta es una traducción para tu comodidad. Si difiere del texto en inglés, prevalece el texto en inglés: leerlo en inglés.',
    );
    expect(screen.getByRole('link', { name: 'leerlo en inglés' }).getAttribute('href')).toBe(
      '/terms-and-conditions?lang=en',
    );
    translated.unmount();

    render(
      <MemoryRouter initialEntries={['/terms-and-conditions?lang=en']}>
        <TermsPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Terms and Conditions');
    expect(screen.getByRole('article').getAttribute('lang')).toBe('en');
    expect(screen.getByRole('link', { name: 'Volver a la traducción' }).getAttribute('href')).toBe(
      '/terms-and-conditions',
    );
  });
});
