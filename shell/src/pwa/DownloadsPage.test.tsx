import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  connection,
  publishDownloads,
  rememberedUser,
  RequireAuth,
  type DownloadItem,
} from '@catalyst/web-kit';
import { HomePage } from '../pages/HomePage';
import DownloadsPage from './DownloadsPage';

const saved: DownloadItem = {
  id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
  productId: 'aaaaaaaaaaaaaaaaaaaaaaaa',
  title: 'Modern JavaScript Essentials',
  pagePath: '/browse/premium/product/modern-javascript-essentials',
  videoPath: `/offline-downloads/${'a'.repeat(64)}/aaaaaaaaaaaaaaaaaaaaaaaa.mp4`,
  bytes: 3 * 1024 * 1024,
  savedAt: Date.UTC(2026, 11, 1),
  premium: true,
};

/** The app's routes for these pages, as App.tsx guards them. */
function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route index element={<HomePage />} />
        <Route
          path="downloads"
          element={
            <RequireAuth availableOffline>
              <DownloadsPage />
            </RequireAuth>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

// The app opened without a connection, nobody signed in; Olivia was the last person signed in here.
beforeEach(async () => {
  await rememberedUser.remember({
    _id: 'u1',
    name: 'Olivia Park',
    email: 'olivia@example.com',
    role: 'user',
  });
  publishDownloads({ ready: true, items: [saved] });
  connection.unreachable();
});
afterEach(async () => {
  connection.reached();
  publishDownloads({ ready: false, items: [] });
  await rememberedUser.forget();
});

describe('the app reopened offline', () => {
  it('lists the downloads of the person last signed in here, naming them, each linking to its page', async () => {
    renderAt('/downloads');
    expect(await screen.findByRole('heading', { level: 1, name: 'Downloads' })).toBeDefined();
    expect(screen.getByTestId('downloads-offline-owner').textContent).toBe(
      'You’re offline: these are the lessons Olivia Park saved on this device.',
    );
    const item = screen.getByTestId('download-item');
    expect(within(item).getByRole('link', { name: saved.title }).getAttribute('href')).toBe(saved.pagePath);
    expect(screen.queryByText(/Authentication Required/)).toBeNull();
  });

  it('answers the home page with "Not available offline" and the way to the downloads', async () => {
    renderAt('/');
    expect((await screen.findByRole('alert')).textContent).toContain('Not available offline');
    expect(screen.getByRole('link', { name: 'Go to Downloads' }).getAttribute('href')).toBe('/downloads');
  });

  it('says nothing of an offline owner online', async () => {
    connection.reached();
    renderAt('/downloads');
    expect((await screen.findByRole('alert')).textContent).toContain('Authentication Required');
    expect(screen.queryByTestId('downloads-offline-owner')).toBeNull();
  });
});
