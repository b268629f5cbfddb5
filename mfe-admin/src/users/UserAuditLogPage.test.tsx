import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { adminUserRoutes, type AdminAuditEntry } from '@catalyst/contracts';
import { setLanguage } from '@catalyst/web-kit';
import { fakeApi, type FakeApi } from '@catalyst/web-kit/testing';
import { UserAuditLogPage } from './UserAuditLogPage';
import { rowCells } from '../testing/adminPage';

const entry: AdminAuditEntry = {
  _id: 'c'.repeat(24),
  action: 'revoke-sessions',
  admin: { id: 'a'.repeat(24), name: 'Ada Admin' },
  target: { id: 'b'.repeat(24), name: 'Leo Learner', email: 'learner@catalyst.example' },
  detail: '2 sessions ended',
  createdAt: '2026-12-05T09:00:00.000Z',
};

let fake: FakeApi;
beforeEach(() => {
  fake = fakeApi().on(adminUserRoutes.auditLog, { items: [entry], total: 1, page: 1, limit: 20 });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('en', { keep: false });
});

describe('the account audit log', () => {
  it('shows what was done, to whom, by whom and with what result', async () => {
    render(
      <MemoryRouter initialEntries={['/admin/users/audit']}>
        <UserAuditLogPage />
      </MemoryRouter>,
    );
    const row = await screen.findByTestId('user-audit-row');
    expect(rowCells(row)).toMatchObject({
      Action: 'Sessions revoked',
      Account: 'Leo Learner (learner@catalyst.example)',
      Admin: 'Ada Admin',
      Detail: '2 sessions ended',
    });
    expect(fake.requests()).toEqual(['GET /admin/users/audit?page=1&limit=20']);
    expect(screen.getByRole('link', { name: 'Audit log' }).getAttribute('aria-current')).toBe('page');
  });

  it('says a stored detail in German from its values, and one of no known shape as it was stored', async () => {
    fake.on(adminUserRoutes.auditLog, {
      items: [
        entry,
        {
          ...entry,
          _id: 'd'.repeat(24),
          action: 'resend-verification',
          detail: 'Sent to leo@catalyst.example',
        },
        { ...entry, _id: 'e'.repeat(24), action: 'reactivate', detail: 'Checked by hand' },
      ],
      total: 3,
      page: 1,
      limit: 20,
    });
    await setLanguage('de', { keep: false });
    render(
      <MemoryRouter initialEntries={['/admin/users/audit']}>
        <UserAuditLogPage />
      </MemoryRouter>,
    );
    const rows = await screen.findAllByTestId('user-audit-row');
    expect(rows.map((row) => rowCells(row).Detail)).toEqual([
      '2 Sitzungen beendet',
      'Gesendet an leo@catalyst.example',
      'Checked by hand',
    ]);
  });
});
