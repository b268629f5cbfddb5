import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { Profiler } from 'react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { RequireAdmin, RequireAuth, RequireCreator, RequireSubscription } from './index';
import { connection, rememberedUser } from '../offline';
import { session } from '../session';
import { subscription } from '../subscription';

const learner = { _id: 'l1', name: 'Lee', email: 'lee@example.com', role: 'user' };
const admin = { _id: 'a1', name: 'Ada', email: 'ada@example.com', role: 'admin' };
const creator = { _id: 'c1', name: 'Maya', email: 'maya@example.com', role: 'creator' };

function mount(element: React.ReactNode, path = '/guarded') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/" element={<p>Dashboard page</p>} />
        <Route path="/subscription" element={<p>Plans page</p>} />
        <Route path="/downloads" element={<p>Downloads page</p>} />
        <Route path="/guarded" element={element} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(async () => {
  vi.restoreAllMocks();
  await session.logout();
  connection.reached();
  await rememberedUser.forget();
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
    const { container } = mount(<RequireAuth>secret</RequireAuth>);
    expect(container.textContent).toBe('secret');
  });

  it('denies admin pages to non-admins with a way back to the dashboard', async () => {
    session.loadUser(learner);
    const { container } = mount(<RequireAdmin>admin area</RequireAdmin>);
    expect(screen.getByRole('alert').textContent).toContain(
      "Access Denied - You don't have permission to access this page.",
    );
    expect(screen.queryByText('admin area')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Go to Dashboard' }));
    expect(container.textContent).toBe('Dashboard page');
  });

  it('opens admin pages to admins', () => {
    session.loadUser(admin);
    const { container } = mount(<RequireAdmin>admin area</RequireAdmin>);
    expect(container.textContent).toBe('admin area');
  });

  it('opens the creator studio to creators and admins, and never the admin area to a creator', () => {
    session.loadUser(creator);
    expect(mount(<RequireCreator>studio</RequireCreator>).container.textContent).toBe('studio');
    cleanup();
    expect(mount(<RequireAdmin>admin area</RequireAdmin>).container.textContent).not.toContain('admin area');
    cleanup();
    session.loadUser(admin);
    expect(mount(<RequireCreator>studio</RequireCreator>).container.textContent).toBe('studio');
    cleanup();
    session.loadUser(learner);
    expect(mount(<RequireCreator>studio</RequireCreator>).container.textContent).toContain('Access Denied');
  });

  it('sends signed-in users without a plan to /subscription', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ success: true, data: { hasSubscription: false, status: 'free' } })),
    );
    session.loadUser(learner);
    const { container } = mount(<RequireSubscription>premium</RequireSubscription>);
    await waitFor(() => expect(container.textContent).toBe('Plans page'));
  });

  it('lets subscribers and admins through the subscription guard', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(
        JSON.stringify({ success: true, data: { hasSubscription: true, plan: 'premium', status: 'active' } }),
      ),
    );
    session.loadUser(learner);
    const first = mount(<RequireSubscription>premium</RequireSubscription>);
    await waitFor(() => expect(first.container.textContent).toBe('premium'));
    first.unmount();
    session.loadUser(admin);
    await subscription.refresh();
    const { container } = mount(<RequireSubscription>premium</RequireSubscription>);
    expect(container.textContent).toBe('premium');
  });
});

describe('guards offline, the app reopened without a connection (no session)', () => {
  it('open a page available offline for the person last signed in here', async () => {
    await rememberedUser.remember(learner);
    connection.unreachable();
    const { container } = mount(<RequireAuth availableOffline>Saved lessons</RequireAuth>);
    expect(container.textContent).toBe('Saved lessons');
  });

  it('say any other page is not available offline, with the way to the downloads', async () => {
    await rememberedUser.remember(learner);
    connection.unreachable();
    const { container } = mount(<RequireAuth>secret</RequireAuth>);
    expect(screen.getByRole('alert').textContent).toContain(
      'Not available offline - This page needs a connection. The lessons you saved for offline watching play without one.',
    );
    expect(screen.queryByText('secret')).toBeNull();
    expect(screen.queryByText(/Authentication Required/)).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Go to Downloads' }));
    expect(container.textContent).toBe('Downloads page');
  });

  it('say so for admin and plan pages too', async () => {
    await rememberedUser.remember(admin);
    connection.unreachable();
    const first = mount(<RequireAdmin>admin area</RequireAdmin>);
    expect(screen.getByRole('alert').textContent).toContain('Not available offline');
    first.unmount();
    mount(<RequireSubscription>premium</RequireSubscription>);
    expect(screen.getByRole('alert').textContent).toContain('Not available offline');
  });

  it('ask for a sign-in as before when nobody was signed in here', async () => {
    connection.unreachable();
    mount(<RequireAuth availableOffline>Saved lessons</RequireAuth>);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Authentication Required'));
    expect(screen.queryByText('Saved lessons')).toBeNull();
  });

  it('ask for a sign-in as before when the connection is there (the remembered person is no session)', async () => {
    await rememberedUser.remember(learner);
    mount(<RequireAuth availableOffline>Saved lessons</RequireAuth>);
    expect(screen.getByRole('alert').textContent).toContain('Authentication Required');
    expect(screen.queryByText('Saved lessons')).toBeNull();
  });

  it('open the downloads for the person last signed in here when the connection goes while the page is open', async () => {
    await rememberedUser.remember(learner);
    const { container } = mount(<RequireAuth availableOffline>Saved lessons</RequireAuth>);
    expect(screen.getByRole('alert').textContent).toContain('Authentication Required');
    act(() => connection.unreachable());
    await waitFor(() => expect(container.textContent).toBe('Saved lessons'));
  });

  it('leave a signed-in page alone when this device keeps its person (no render of the page again)', async () => {
    // (the plan's status, which a sign-in asks for)
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ success: true, data: { hasSubscription: false, status: 'free' } })),
    );
    session.loadUser(learner);
    let commits = 0;
    const { container } = mount(
      <Profiler id="page" onRender={() => void (commits += 1)}>
        <RequireAuth>Your course</RequireAuth>
      </Profiler>,
    );
    expect(container.textContent).toBe('Your course');
    expect(commits).toBe(1);
    await act(() => rememberedUser.remember(learner));
    expect(rememberedUser.getState().user?.email).toBe('lee@example.com');
    expect(commits).toBe(1);
  });

  it('forget the person once they sign out', async () => {
    await rememberedUser.remember(learner);
    await rememberedUser.forget();
    connection.unreachable();
    mount(<RequireAuth availableOffline>Saved lessons</RequireAuth>);
    expect(screen.getByRole('alert').textContent).toContain('Authentication Required');
  });
});
