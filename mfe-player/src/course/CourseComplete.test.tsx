import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Certificate, certificateRoutes } from '@catalyst/contracts';
import { fakeApi } from '@catalyst/web-kit/testing';
import { CourseComplete } from './CourseComplete';

const PRODUCT = 'a'.repeat(24);
const certificate: Certificate = {
  code: 'K7M2Q9XW4R',
  learnerName: 'Lee Learner',
  productId: PRODUCT,
  productSlug: 'css-grid',
  courseTitle: 'CSS Grid Layout',
  creatorName: 'Rachel Andrew',
  hours: 1.5,
  completedAt: '2026-01-03T00:00:00.000Z',
  issuedAt: '2026-01-03T00:00:00.000Z',
  status: 'valid',
  revokedAt: null,
  revokedReason: null,
  verifyUrl: 'http://shop.test/certificates/K7M2Q9XW4R',
  pdfUrl: 'http://shop.test/api/v1/certificates/K7M2Q9XW4R.pdf',
  credentialUrl: 'http://shop.test/api/v1/certificates/K7M2Q9XW4R/credential',
};

function renderComplete() {
  render(
    <MemoryRouter>
      <CourseComplete productId={PRODUCT} retryDelays={[10, 10]} />
    </MemoryRouter>,
  );
  return screen.getByTestId('course-complete');
}

afterEach(() => vi.unstubAllGlobals());

describe('a completed course', () => {
  it('asks again briefly for a certificate still being issued, then links its page and its PDF', async () => {
    let reads = 0;
    fakeApi().on(certificateRoutes.list, () => (++reads < 3 ? [] : [certificate]));
    const panel = renderComplete();
    expect(within(panel).getByRole('heading', { level: 2 }).textContent?.trim()).toBe('Course complete');
    expect(within(panel).getByRole('paragraph').textContent).toBe('Issuing your certificate...');
    expect((await within(panel).findByRole('link', { name: 'View certificate' })).getAttribute('href')).toBe(
      '/certificates/K7M2Q9XW4R',
    );
    expect(within(panel).getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe(
      certificate.pdfUrl,
    );
    expect(reads).toBe(3);
  });

  it('stops asking after two more tries and points to the learning record', async () => {
    let reads = 0;
    fakeApi().on(certificateRoutes.list, () => (reads++, [{ ...certificate, productId: 'b'.repeat(24) }]));
    const panel = renderComplete();
    await waitFor(() =>
      expect(within(panel).getByRole('paragraph').textContent).toBe(
        'Your certificate is being issued. It will be in your learning record.',
      ),
    );
    expect(within(panel).getByRole('link', { name: 'learning record' }).getAttribute('href')).toBe(
      '/learning',
    );
    expect(within(panel).queryByRole('link', { name: 'View certificate' })).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads).toBe(3);
  });
});
