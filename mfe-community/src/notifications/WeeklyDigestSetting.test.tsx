import { act } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIGEST_TEXTS, digestRoutes } from '@catalyst/contracts';
import { session } from '@catalyst/web-kit';
import { fakeApi } from '@catalyst/web-kit/testing';
import WeeklyDigestSetting from './WeeklyDigestSetting';

beforeEach(() =>
  act(() =>
    session.loadUser({ _id: 'f'.repeat(24), name: 'Maya Member', email: 'maya@example.com', role: 'user' }),
  ),
);
afterEach(() => act(() => void session.logout({ revoke: false })));

const mount = () =>
  render(
    <MemoryRouter>
      <WeeklyDigestSetting />
    </MemoryRouter>,
  );

describe('the weekly e-mail setting', () => {
  it('shows the switch on with the zone it is sent in, and turns it off at once', async () => {
    const server = fakeApi()
      .on(digestRoutes.settings, { weekly: true, timeZone: 'Asia/Tokyo' })
      .on(digestRoutes.saveSettings, ({ body }) => ({ weekly: body.weekly ?? true, timeZone: 'Asia/Tokyo' }));
    mount();
    const box = await screen.findByRole('checkbox', { name: DIGEST_TEXTS.label });
    expect((box as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Weekly e-mail');
    expect(screen.getByText(/around 8:00 \(Asia\/Tokyo\)/)).toBeTruthy();
    fireEvent.click(box);
    expect(await screen.findByText('Weekly e-mail off.')).toBeTruthy();
    expect((box as HTMLInputElement).checked).toBe(false);
    expect(server.callsTo(digestRoutes.saveSettings).map((call) => call.body)).toEqual([{ weekly: false }]);
  });

  it('says when the change could not be saved, and keeps the switch as it was', async () => {
    fakeApi()
      .on(digestRoutes.settings, { weekly: true, timeZone: 'UTC' })
      .fail(digestRoutes.saveSettings, 503, 'The service is busy. Try again in a moment.');
    mount();
    const box = await screen.findByRole('checkbox', { name: DIGEST_TEXTS.label });
    fireEvent.click(box);
    expect(
      await screen.findByText(
        "We couldn't save the weekly e-mail setting: The service is busy. Try again in a moment.",
      ),
    ).toBeTruthy();
    await waitFor(() => expect((box as HTMLInputElement).checked).toBe(true));
  });
});
