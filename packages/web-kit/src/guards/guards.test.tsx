import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { RequireAdmin, RequireAuth, RequireSubscription } from './index';
import { session } from '../session';
import { subscription } from '../subscription';

const learner = { _id: 'l1', name: 'Lee', email: 'lee@example.com', role: 'user' };
const admin = { _id: 'a1', name: 'Ada', email: 'ada@example.com', role: 'admin' };

function mount(element: React.ReactNode, path = '/guarded') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/" element={<p>Dashboard page</p>} />
        <Route path="/subscription" element={<p>Plans page</p>} />
        <Route path="/guarded" element={element} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(async () => {
  vi.restoreAllMocks();
  await session.logout();
});

describe('guards', () => {
  it('asks anonymous visitors to log in', () => {
    mount(<RequireAuth>secret</RequireAuth>);
    expect(screen.getByRole('alert').textContent).toContain(
      'Authentication Required - You need to log in to access this page.',
    );
    expect(screen.queryByText('secret')).toBeNull();
  });

  it('shows the page to signed-in users', () => {
    session.loadUser(learner);
    mount(<RequireAuth>secret</RequireAuth>);
    expect(screen.getByText('secret')).toBeTruthy();
  });

  it('denies admin pages to non-admins with a way back to the dashboard', async () => {
    session.loadUser(learner);
    mount(<RequireAdmin>admin area</RequireAdmin>);
    expect(screen.getByRole('alert').textContent).toContain(
      "Access Denied - You don't have permission to access this page.",
    );
    expect(screen.queryByText('admin area')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Go to Dashboard' }));
    expect(screen.getByText('Dashboard page')).toBeTruthy();
  });

  it('opens admin pages to admins', () => {
    session.loadUser(admin);
    mount(<RequireAdmin>admin area</RequireAdmin>);
    expect(screen.getByText('admin area')).toBeTruthy();
  });

  it('sends signed-in users without a plan to /subscription', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ success: true, data: { hasSubscription: false, status: 'free' } })),
    );
    session.loadUser(learner);
    mount(<RequireSubscription>premium</RequireSubscription>);
    expect(await screen.findByText('Plans page')).toBeTruthy();
    expect(screen.queryByText('premium')).toBeNull();
  });

  it('lets subscribers and admins through the subscription guard', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(
        JSON.stringify({ success: true, data: { hasSubscription: true, plan: 'premium', status: 'active' } }),
      ),
    );
    session.loadUser(learner);
    const { unmount } = mount(<RequireSubscription>premium</RequireSubscription>);
    expect(await screen.findByText('premium')).toBeTruthy();
    unmount();
    session.loadUser(admin);
    await subscription.refresh();
    mount(<RequireSubscription>premium</RequireSubscription>);
    expect(screen.getByText('premium')).toBeTruthy();
  });
});
