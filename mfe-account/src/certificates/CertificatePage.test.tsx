import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CERTIFICATE_MESSAGES, certificateRoutes, credentialRoutes } from '@catalyst/contracts';
import { failure, fakeApi } from '@catalyst/web-kit/testing';
import { certificate } from '../testing/certificate';
import CertificatePage from './CertificatePage';
import { linkedInAddToProfileUrl } from './linkedIn';

const CODE = certificate.code;

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/certificates/*" element={<CertificatePage />} />
      </Routes>
    </MemoryRouter>,
  );
}

/** The not-found card's lines: its mark, then why. */
const notFoundLines = async () =>
  within(await screen.findByTestId('certificate-not-found'))
    .getAllByRole('paragraph')
    .map((line) => line.textContent?.trim());

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('the public certificate page', () => {
  it('shows who earned what and when, marked Valid, titled after the course', async () => {
    const fake = fakeApi().on(certificateRoutes.get, certificate);
    renderAt(`/certificates/${CODE}`);
    const page = await screen.findByRole('article', { name: 'CSS Grid Layout Workshop' });
    expect(within(page).getByTestId('certificate-status').textContent).toBe(' Valid');
    expect(within(page).getByRole('heading', { level: 1 }).previousElementSibling?.textContent).toBe(
      'Certificate of completion',
    );
    const fact = (term: string) => within(page).getByText(term).nextElementSibling!.textContent;
    expect(fact('Awarded to')).toBe('Maya Member');
    expect(fact('Course')).toBe('CSS Grid Layout Workshop');
    expect(fact('Creator')).toBe('Rachel Andrew');
    expect(fact('Length')).toBe('1.5 hours');
    expect(fact('Completed')).toBe('March 4, 2026');
    expect(fact('Certificate code')).toBe(CODE);
    // the title follows the answer in an effect, a moment after the page shows it
    await waitFor(() => expect(document.title).toBe('Certificate: CSS Grid Layout Workshop | Catalyst'));
    expect(within(page).queryByText('Revoked')).toBeNull();
    // read without a session: the page never needs one
    expect(fake.requests()).toEqual([`GET /certificates/${CODE}`]);
  });

  it("names a learning path's certificate for its path", async () => {
    fakeApi().on(certificateRoutes.get, {
      ...certificate,
      kind: 'path',
      courseTitle: 'Start with the Web',
      creatorName: 'Catalyst',
    });
    renderAt(`/certificates/${CODE}`);
    const page = await screen.findByRole('article', { name: 'Start with the Web' });
    expect(within(page).getByText('Learning path').nextElementSibling!.textContent).toBe(
      'Start with the Web',
    );
    expect(within(page).queryByText('Course')).toBeNull();
  });

  it('offers the PDF, the LinkedIn form in a new tab, and the signed credential with where its keys are', async () => {
    fakeApi().on(certificateRoutes.get, certificate);
    renderAt(`/certificates/${CODE}`);
    const pdf = await screen.findByRole('link', { name: 'Download PDF' });
    expect(pdf.getAttribute('href')).toBe(certificate.pdfUrl);
    const linkedIn = screen.getByRole('link', { name: 'Add to LinkedIn profile' });
    expect(linkedIn.getAttribute('target')).toBe('_blank');
    expect(linkedIn.getAttribute('rel')).toContain('noopener');
    const url = new URL(linkedIn.getAttribute('href')!);
    expect(`${url.origin}${url.pathname}`).toBe('https://www.linkedin.com/profile/add');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      startTask: 'CERTIFICATION_NAME',
      name: 'CSS Grid Layout Workshop',
      organizationName: 'Catalyst',
      issueYear: '2026',
      issueMonth: '3',
      certUrl: certificate.verifyUrl,
      certId: CODE,
    });
    expect(screen.getByRole('link', { name: 'Verifiable credential' }).getAttribute('href')).toBe(
      certificate.credentialUrl,
    );
    expect(screen.getByRole('link', { name: '/.well-known/jwks.json' }).getAttribute('href')).toBe(
      '/.well-known/jwks.json',
    );
  });

  it('copies the verification link and says so politely', async () => {
    fakeApi().on(certificateRoutes.get, certificate);
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    renderAt(`/certificates/${CODE}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(screen.getByTestId('copy-status').textContent).toBe('Link copied'));
    expect(writeText).toHaveBeenCalledWith(certificate.verifyUrl);
  });

  it('says so when the clipboard refuses, with the link to copy by hand', async () => {
    fakeApi().on(certificateRoutes.get, certificate);
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) },
    });
    renderAt(`/certificates/${CODE}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Copy link' }));
    await waitFor(() =>
      expect(screen.getByTestId('copy-status').textContent).toBe(
        `Couldn't copy the link: copy ${certificate.verifyUrl} by hand`,
      ),
    );
  });

  it('marks a revoked certificate Revoked with the date and the reason, and offers no LinkedIn form', async () => {
    fakeApi().on(certificateRoutes.get, {
      ...certificate,
      status: 'revoked',
      revokedAt: '2026-04-10T09:00:00.000Z',
      revokedReason: 'Issued to the wrong account',
    });
    renderAt(`/certificates/${CODE}`);
    const status = await screen.findByTestId('certificate-status');
    expect(
      within(status)
        .getAllByRole('paragraph')
        .map((line) => line.textContent?.trim()),
    ).toEqual(['Revoked', `${CERTIFICATE_MESSAGES.revoked} on April 10, 2026: Issued to the wrong account`]);
    expect(screen.queryByText('Valid')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add to LinkedIn profile' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe(certificate.pdfUrl);
  });

  it('checks a kept credential: the signature valid and Revoked from the status list, or why it does not verify', async () => {
    let checks = 0;
    const fake = fakeApi()
      .on(certificateRoutes.get, certificate)
      .on(credentialRoutes.verifyCredential, () =>
        ++checks === 1
          ? {
              signature: 'valid' as const,
              status: 'revoked' as const,
              code: CODE,
              learnerName: 'Maya Member',
              courseTitle: 'CSS Grid Layout Workshop',
              issuedAt: '2026-03-04T15:30:01.000Z',
            }
          : failure(400, CERTIFICATE_MESSAGES.credentialInvalid),
      );
    renderAt(`/certificates/${CODE}`);
    const field = await screen.findByRole('textbox', { name: 'Credential' });
    const button = screen.getByRole('button', { name: 'Check credential' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(field, { target: { value: 'eyJ.kept.jwt' } });
    fireEvent.click(button);
    const result = screen.getByTestId('credential-check');
    await waitFor(() =>
      expect(result.textContent).toBe(
        'Signature valid · Revoked · CSS Grid Layout Workshop, awarded to Maya Member',
      ),
    );
    expect(result.getAttribute('role')).toBe('status');
    expect(fake.requests()).toContain('POST /certificates/credentials/verify');
    fireEvent.click(button);
    await waitFor(() => expect(result.textContent).toBe(CERTIFICATE_MESSAGES.credentialInvalid));
  });

  it('says Certificate not found for an unknown code', async () => {
    fakeApi().on(certificateRoutes.get, failure(404, CERTIFICATE_MESSAGES.notFound));
    renderAt('/certificates/ZZZZZZZZZZ');
    expect(await notFoundLines()).toEqual([
      'Unknown code',
      'No certificate has the code ZZZZZZZZZZ. Check it against the certificate and try again.',
    ]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(CERTIFICATE_MESSAGES.notFound);
    await waitFor(() => expect(document.title).toBe('Certificate not found | Catalyst'));
    expect(screen.queryByRole('link', { name: 'Download PDF' })).toBeNull();
  });

  it('says what a code looks like for a malformed one', async () => {
    fakeApi().on(certificateRoutes.get, failure(400, CERTIFICATE_MESSAGES.invalidCode));
    renderAt('/certificates/not-a-code');
    expect(await notFoundLines()).toEqual(['Unknown code', CERTIFICATE_MESSAGES.invalidCode]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(CERTIFICATE_MESSAGES.notFound);
  });

  it('names no certificate at an address with more after the code, and asks nothing', async () => {
    const fake = fakeApi().on(certificateRoutes.get, certificate);
    renderAt(`/certificates/${CODE}/extra`);
    const notFound = await screen.findByTestId('certificate-not-found');
    expect(within(notFound).getByRole('heading', { level: 1 }).textContent).toBe(
      CERTIFICATE_MESSAGES.notFound,
    );
    expect(fake.calls).toEqual([]);
  });

  it('offers Try again when the check itself fails', async () => {
    let reads = 0;
    fakeApi().on(certificateRoutes.get, () =>
      ++reads === 1 ? failure(503, 'Service unavailable') : certificate,
    );
    renderAt(`/certificates/${CODE}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    const page = await screen.findByTestId('certificate');
    expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe('CSS Grid Layout Workshop');
  });
});

describe("LinkedIn's add-to-profile address", () => {
  it('encodes every field, and takes the month the course was completed in UTC', () => {
    const url = linkedInAddToProfileUrl(
      {
        courseTitle: 'C++ & Rust: 100% safe?',
        completedAt: '2026-12-31T23:30:00.000Z',
        verifyUrl: 'https://x.test/certificates/ABC?x=1&y=2',
        code: 'ABCDEFGHJK',
      },
      'Catalyst & Co',
    );
    expect(url).toBe(
      'https://www.linkedin.com/profile/add?startTask=CERTIFICATION_NAME&name=C%2B%2B%20%26%20Rust%3A%20100%25%20safe%3F&organizationName=Catalyst%20%26%20Co&issueYear=2026&issueMonth=12&certUrl=https%3A%2F%2Fx.test%2Fcertificates%2FABC%3Fx%3D1%26y%3D2&certId=ABCDEFGHJK',
    );
  });
});
