import { createHash } from 'node:crypto';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import PrivacyPolicyPage from '../PrivacyPolicyPage';
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
