import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { CERTIFICATE_MESSAGES, certificateRoutes, type Certificate } from '@catalyst/contracts';
import { fakeApi, success, type FakeApi } from '@catalyst/web-kit/testing';
import { CertificateListPage } from './CertificateListPage';
import { REVOKE_REASON_LABEL } from './RevokeCertificateDialog';
import { flashMessage, pagerState, rowCells } from '../testing/adminPage';

const certificate = (
  code: string,
  learnerName: string,
  courseTitle: string,
  extra: Partial<Certificate> = {},
): Certificate => ({
  code,
  learnerName,
  productId: 'a'.repeat(24),
  productSlug: 'css-grid-layout-workshop',
  courseTitle,
  creatorName: 'Sarah Chen',
  hours: 2.5,
  completedAt: '2026-03-04T10:00:00.000Z',
  issuedAt: '2026-03-04T10:00:01.000Z',
  status: 'valid',
  revokedAt: null,
  revokedReason: null,
  verifyUrl: `http://localhost/certificates/${code}`,
  pdfUrl: `http://localhost/api/v1/certificates/${code}.pdf`,
  credentialUrl: `http://localhost/api/v1/certificates/${code}/credential`,
  ...extra,
});

const valid = certificate('7K3M9QXR2A', 'Jordan Member', 'CSS Grid Layout Workshop');
const revoked = certificate('B4N8PZT6WC', 'Ada Learner', 'UI Design Fundamentals', {
  status: 'revoked',
  revokedAt: '2026-04-01T09:00:00.000Z',
  revokedReason: 'Issued by mistake',
});

let fake: FakeApi;
let total: number;

beforeEach(() => {
  total = 2;
  fake = fakeApi()
    .on(certificateRoutes.get, {
      ...valid,
      status: 'revoked',
      revokedAt: '2026-05-01T08:00:00.000Z',
      revokedReason: 'Revoked by another admin',
    })
    .on(certificateRoutes.adminList, ({ query }) => {
      const status = query.get('status');
      const items = [valid, revoked].filter((c) => !status || c.status === status);
      return { items, total: status ? items.length : total, page: Number(query.get('page') ?? 1), limit: 20 };
    })
    // by default the certificate revoked with the reason sent
    .on(certificateRoutes.revoke, ({ body }) =>
      success(
        {
          ...valid,
          status: 'revoked' as const,
          revokedAt: '2026-05-02T08:00:00.000Z',
          revokedReason: String(body.reason).trim(),
        },
        { message: CERTIFICATE_MESSAGES.revoked },
      ),
    );
});
afterEach(() => vi.unstubAllGlobals());

const reads = () => fake.callsTo(certificateRoutes.adminList);
const lastQuery = () => Object.fromEntries(reads().at(-1)!.query);

const renderPage = () =>
  render(
    <MemoryRouter>
      <CertificateListPage />
    </MemoryRouter>,
  );

/** A revoked certificate's Status cell, part by part: the badge, when, why. */
const statusParts = (row: HTMLElement) =>
  [...row.querySelector('td[data-label="Status"] > div')!.children].map((part) => part.textContent);
const enabled = (button: HTMLElement) => !(button as HTMLButtonElement).disabled;

const rowOf = async (code: string) =>
  (await screen.findAllByTestId('certificate-row')).find((row) => within(row).queryByText(code))!;

describe('the certificates list', () => {
  it('shows code (a new-tab link to the public page), learner, course, issue date and status with the revocation reason', async () => {
    renderPage();
    const row = await rowOf(valid.code);
    const link = within(row).getByRole('link', { name: /7K3M9QXR2A/ });
    expect(link.getAttribute('href')).toBe('/certificates/7K3M9QXR2A');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(rowCells(row)).toMatchObject({
      Code: '7K3M9QXR2A',
      Learner: 'Jordan Member',
      Course: 'CSS Grid Layout Workshop',
      Issued: 'Mar 4, 2026',
      Status: 'Valid',
    });
    expect(
      enabled(within(row).getByRole('button', { name: 'Revoke certificate 7K3M9QXR2A of Jordan Member' })),
    ).toBe(true);

    const gone = await rowOf(revoked.code);
    expect(statusParts(gone)).toEqual(['Revoked', 'on Apr 1, 2026', 'Issued by mistake']);
    expect(within(gone).queryByRole('button', { name: /Revoke/ })).toBeNull();
    expect(lastQuery()).toEqual({ page: '1', limit: '20' });
  });

  it('sends the search and the status filter, and goes back to the first page when they change', async () => {
    total = 45;
    const user = userEvent.setup();
    renderPage();
    await rowOf(valid.code);
    const pages = screen.getByRole('navigation', { name: 'Certificate pages' });
    expect(pagerState(pages)).toEqual({ page: 'Page 1 of 3', previous: false, next: true });
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastQuery()).toEqual({ page: '2', limit: '20' }));

    await user.type(
      screen.getByRole('searchbox', { name: 'Search by code, learner or course' }),
      '  Jordan {Enter}',
    );
    await waitFor(() => expect(lastQuery()).toEqual({ search: 'Jordan', page: '1', limit: '20' }));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Revoked');
    await waitFor(() =>
      expect(lastQuery()).toEqual({ search: 'Jordan', status: 'revoked', page: '1', limit: '20' }),
    );
    await waitFor(() => expect(screen.getAllByTestId('certificate-row')).toHaveLength(1));
    expect(rowCells(screen.getByTestId('certificate-row')).Code).toBe(revoked.code);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'All');
    await waitFor(() => expect(lastQuery()).toEqual({ search: 'Jordan', page: '1', limit: '20' }));
  });

  it('revokes with the reason typed, shows the server message and turns the row to Revoked with the reason', async () => {
    const user = userEvent.setup();
    renderPage();
    const opener = within(await rowOf(valid.code)).getByRole('button', {
      name: /Revoke certificate 7K3M9QXR2A/,
    });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Revoke certificate' });
    const reason = within(dialog).getByLabelText(REVOKE_REASON_LABEL);
    expect(document.activeElement).toBe(reason);
    await user.type(reason, '  Completed on a shared account  ');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));

    const posts = fake.calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.path).toBe('/admin/certificates/7K3M9QXR2A/revoke');
    expect(posts[0]!.body).toEqual({ reason: '  Completed on a shared account  ' });
    await waitFor(() => expect(flashMessage()).toBe(CERTIFICATE_MESSAGES.revoked));
    expect(screen.queryByRole('dialog')).toBeNull();
    const row = await rowOf(valid.code);
    expect(statusParts(row)).toEqual(['Revoked', 'on May 2, 2026', 'Completed on a shared account']);
    expect(within(row).queryByRole('button', { name: /Revoke/ })).toBeNull();
    expect(reads()).toHaveLength(1);
    // The Revoke button is gone with the dialog: focus lands on the row's code, not the page's start.
    expect(document.activeElement).toBe(within(row).getByRole('link', { name: /7K3M9QXR2A/ }));
  });

  it('refuses a reason shorter than three characters in the browser, beside the field, without calling the server', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(within(await rowOf(valid.code)).getByRole('button', { name: /Revoke certificate/ }));
    const dialog = screen.getByRole('dialog');
    const reason = within(dialog).getByLabelText(REVOKE_REASON_LABEL);
    await user.type(reason, ' no ');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    const error = within(dialog).getByText('Give a reason of at least 3 characters');
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(reason.getAttribute('aria-describedby')).toContain(error.id);
    expect(fake.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it("shows the server's reason error beside the field", async () => {
    fake.fail(certificateRoutes.revoke, 400, 'Validation failed', [
      { field: 'reason', message: 'A reason is at most 500 characters' },
    ]);
    const user = userEvent.setup();
    renderPage();
    await user.click(within(await rowOf(valid.code)).getByRole('button', { name: /Revoke certificate/ }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText(REVOKE_REASON_LABEL), 'Fraud');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    const error = await within(dialog).findByText('A reason is at most 500 characters');
    expect(within(dialog).getByLabelText(REVOKE_REASON_LABEL).getAttribute('aria-describedby')).toContain(
      error.id,
    );
  });

  it('keeps focus on the opener when the dialog is cancelled', async () => {
    const user = userEvent.setup();
    renderPage();
    const opener = within(await rowOf(valid.code)).getByRole('button', { name: /Revoke certificate/ });
    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('shows the 409 message when the certificate was already revoked, and reads its row again', async () => {
    fake.fail(certificateRoutes.revoke, 409, CERTIFICATE_MESSAGES.alreadyRevoked);
    const user = userEvent.setup();
    renderPage();
    await user.click(within(await rowOf(valid.code)).getByRole('button', { name: /Revoke certificate/ }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText(REVOKE_REASON_LABEL), 'Duplicate account');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      CERTIFICATE_MESSAGES.alreadyRevoked,
    );
    const row = await rowOf(valid.code);
    await waitFor(() =>
      expect(statusParts(row)).toEqual(['Revoked', 'on May 1, 2026', 'Revoked by another admin']),
    );
    // still open, over the row, on the message that says why
    expect(within(screen.getByRole('dialog')).getByRole('heading').textContent).toBe('Revoke certificate');
    expect(reads()).toHaveLength(1);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(within(row).getByRole('link', { name: /7K3M9QXR2A/ }));
  });
});
