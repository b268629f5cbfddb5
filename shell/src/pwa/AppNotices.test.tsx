import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connection, setLanguage } from '@catalyst/web-kit';
import { appState } from './appState';
import { AppNotices } from './AppNotices';

afterEach(async () => {
  act(() => {
    connection.reached();
    appState.set({ applyUpdate: null, install: null });
  });
  await act(() => setLanguage('en', { keep: false }));
});

describe('the app notices', () => {
  it('say nothing while online with no new version', () => {
    const { container } = render(<AppNotices />);
    expect(container.textContent).toBe('');
  });

  it('show the Offline banner while the server cannot be reached, and drop it when a call gets through', async () => {
    render(<AppNotices />);
    act(() => connection.servedKept());
    expect((await screen.findByTestId('offline-banner')).textContent).toBe(
      "Offline — you're seeing what was last loaded. Changes are saved when the connection returns.",
    );
    act(() => connection.reached());
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });

  it('offer a waiting version with the exact words, switching only when Reload is pressed', async () => {
    const applyUpdate = vi.fn();
    render(<AppNotices />);
    act(() => appState.set({ applyUpdate }));
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toBe('A new version is available — Reload');
    expect(applyUpdate).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(applyUpdate).toHaveBeenCalledTimes(1);
  });

  it('speak German when the page does', async () => {
    await act(() => setLanguage('de', { keep: false }));
    render(<AppNotices />);
    act(() => appState.set({ applyUpdate: vi.fn() }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Eine neue Version ist verfügbar — Neu laden',
    );
    act(() => connection.servedKept());
    expect((await screen.findByTestId('offline-banner')).textContent).toMatch(/^Offline – du siehst/);
  });
});
