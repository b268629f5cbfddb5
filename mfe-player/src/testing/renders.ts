import { fireEvent, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { expect, vi } from 'vitest';
import { subscriptionRoutes } from '@catalyst/contracts';
import { session, subscription } from '@catalyst/web-kit';
import { fakeApi } from '@catalyst/web-kit/testing';

/**
 * For a `vi.mock` factory: the module `original` with its component `name` counting its renders (`counted` at
 * each), still the real component. A test file reaches it through `vi.hoisted` (see ProductPage.renders.test).
 */
export async function countingRenders(original: Promise<unknown>, name: string, counted: () => void) {
  const actual = (await original) as Record<string, (props: never) => ReactNode>;
  const component = actual[name]!;
  return {
    ...actual,
    [name]: (props: never) => {
      counted();
      return component(props);
    },
  };
}

/**
 * Signs in a learner with the plan (token `token`) and waits for the plan's answer, so that it is no test's own:
 * a check that failed to connect would mark the page offline, and the test's first answer would bring it back
 * online, a render of the page and of what shows the connection. Media elements neither pause nor load (jsdom
 * has neither).
 */
export async function signInMember(token: string) {
  fakeApi().on(subscriptionRoutes.status, {
    hasSubscription: true,
    plan: 'premium',
    status: 'active',
    currentPeriodEnd: '2030-03-15T12:00:00.000Z',
    cancelAtPeriodEnd: false,
  });
  sessionStorage.setItem('token', token);
  session.loadUser({ _id: 'f'.repeat(24), name: 'Lee', email: 'lee@example.com', role: 'user' });
  await waitFor(() => expect(subscription.getState().hasSubscription).toBe(true));
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
}

/** A `duration`-second video playing (as far as the page can tell), told its length. */
export function playing(video: HTMLVideoElement, duration: number) {
  Object.defineProperty(video, 'duration', { configurable: true, value: duration });
  Object.defineProperty(video, 'paused', { configurable: true, value: false });
  fireEvent.durationChange(video);
}

/** Ten seconds of playback from `from`, a time update every quarter second (as a browser sends them). */
export function playTenSeconds(video: HTMLVideoElement, from: number) {
  for (let at = from + 0.25; at <= from + 10; at += 0.25) {
    video.currentTime = at;
    fireEvent.timeUpdate(video);
  }
}
