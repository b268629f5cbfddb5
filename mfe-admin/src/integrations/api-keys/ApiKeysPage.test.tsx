import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { adminApiKeyRoutes, type ApiKey } from '@catalyst/contracts';
import { fakeApi } from '@catalyst/web-kit/testing';
import { ApiKeysPage } from './ApiKeysPage';

const siteKey: ApiKey = {
  id: '11111111-2222-4333-8444-555555555555',
  name: 'Catalogue sync',
  prefix: 'cat_live_AbCd',
  scopes: ['catalog:read'],
  teamId: null,
  createdBy: { id: 'a'.repeat(24), name: 'Ada Admin' },
  createdAt: '2026-12-01T10:00:00.000Z',
  expiresAt: null,
  lastUsedAt: '2026-12-05T09:30:00.000Z',
  revokedAt: null,
};

afterEach(() => vi.unstubAllGlobals());

describe('the admin API keys page', () => {
  it('lists the keys with prefix, scopes and last use, and makes one with any scope', async () => {
    const fake = fakeApi()
      .on(adminApiKeyRoutes.listApiKeys, { items: [siteKey] })
      .on(adminApiKeyRoutes.createApiKey, ({ body }) => ({
        key: { ...siteKey, id: '21111111-2222-4333-8444-555555555555', name: String(body.name) },
        secret: `cat_live_${'Z'.repeat(43)}`,
      }));
    render(
      <MemoryRouter>
        <ApiKeysPage />
      </MemoryRouter>,
    );
    const row = (await screen.findByText('cat_live_AbCd…')).closest('tr')!;
    expect(within(row).getByText('catalog:read')).toBeTruthy();
    expect(within(row).getByText('Dec 5, 2026')).toBeTruthy();
    expect(screen.getAllByRole('checkbox').map((box) => box.closest('label')!.textContent)).toEqual([
      expect.stringContaining('catalog:read'),
      expect.stringContaining('progress:read'),
      expect.stringContaining('members:read'),
      expect.stringContaining('members:write'),
    ]);

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Reporting' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /progress:read/ }));
    fireEvent.change(screen.getByRole('combobox', { name: /Expires/ }), { target: { value: 'never' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect((await screen.findByTestId('api-key-secret')).textContent).toBe(`cat_live_${'Z'.repeat(43)}`);
    expect(fake.callsTo(adminApiKeyRoutes.createApiKey)[0]!.body).toEqual({
      name: 'Reporting',
      scopes: ['progress:read'],
      expiresInDays: null,
    });
  });
});
