import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { SsoErrorBanner } from './SsoErrorBanner';

function Address() {
  const location = useLocation();
  return <output aria-label="address">{`${location.pathname}${location.search}`}</output>;
}

const renderAt = (entry: string) =>
  render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <SsoErrorBanner />
              <Address />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );

describe('the single sign-on error banner', () => {
  it('shows why the sign-in failed, takes it out of the address, and goes when dismissed', async () => {
    const message = 'This team has no free seats. Its owner has been told.';
    renderAt(`/?sso_error=${encodeURIComponent(message)}&tab=1`);
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(screen.getByLabelText('address').textContent).toBe('/?tab=1');
    fireEvent.click(screen.getByRole('button', { name: /dismiss|close/i }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows nothing on an ordinary address', () => {
    renderAt('/');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
