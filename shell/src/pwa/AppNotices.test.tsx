import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connection } from '@catalyst/web-kit';
import { appState, UPDATE_AVAILABLE } from './appState';
import { AppNotices } from './AppNotices';

afterEach(() => {
  act(() => {
    connection.reached();
    appState.set({ applyUpdate: null, install: null });
  });
});

describe('the app notices', () => {
  it('say nothing while online with no new version', () => {
    const { container } = render(<AppNotices />);
    expect(container.textContent).toBe('');
  });

  it('show the Offline banner while the server cannot be reached, and drop it when a call gets through', () => {
    render(<AppNotices />);
    act(() => connection.servedKept());
    expect(screen.getByTestId('offline-banner').textContent).toMatch(/^Offline/);
    act(() => connection.reached());
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });

  it('offer a waiting version with the exact words, switching only when Reload is pressed', async () => {
    const applyUpdate = vi.fn();
    render(<AppNotices />);
    act(() => appState.set({ applyUpdate }));
    const notice = screen.getByRole('status');
    expect(notice.textContent).toBe(UPDATE_AVAILABLE);
    expect(applyUpdate).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(applyUpdate).toHaveBeenCalledTimes(1);
  });
});
