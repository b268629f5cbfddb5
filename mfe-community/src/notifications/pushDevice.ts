import { useCallback, useEffect, useState } from 'react';
import { PUSH_TEXTS } from '@catalyst/contracts';
import { api } from '@catalyst/web-kit';
import { communityStrings } from '../i18n/en';

/** This browser and push: cannot, blocked by the person, not subscribed, subscribed (and stored for them). */
export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

/** The service worker must be running to subscribe: it is registered after the page's load event. */
const WORKER_READY_MS = 10_000;

const supported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Where this browser stands: its own subscription counts only when the server keeps it for this person. */
export async function readPushState(): Promise<PushState> {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const [key, subscription] = await Promise.all([api.notification.pushKey(), currentSubscription()]);
  if (!key.publicKey) return 'unsupported';
  if (!subscription || Notification.permission !== 'granted') return 'off';
  const stored = await api.notification.pushSubscriptions();
  return stored.subscriptions.some((s) => s.endpoint === subscription.endpoint) ? 'on' : 'off';
}

const keyBytes = (base64url: string) =>
  Uint8Array.from(atob(base64url.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

/**
 * Asks the browser's permission (only ever from a person's click), subscribes this browser with the server's key
 * and stores the subscription for the signed-in person. Throws with a message to show.
 */
export async function turnPushOn(): Promise<PushState> {
  if (!supported()) return 'unsupported';
  if ((await Notification.requestPermission()) !== 'granted') return 'denied';
  const { publicKey } = await api.notification.pushKey();
  if (!publicKey) return 'unsupported';
  const registration = await Promise.race([
    navigator.serviceWorker.ready,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(PUSH_TEXTS.failed)), WORKER_READY_MS),
    ),
  ]);
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    }));
  const { endpoint, keys } = subscription.toJSON();
  await api.notification.subscribePush({
    body: { endpoint: endpoint ?? '', keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' } },
  });
  return 'on';
}

/** Stops pushes to this browser: forgotten by the server, then unsubscribed in the browser. */
export async function turnPushOff(): Promise<PushState> {
  const subscription = await currentSubscription();
  if (subscription) {
    await api.notification.unsubscribePush({ body: { endpoint: subscription.endpoint } });
    await subscription.unsubscribe();
  }
  return 'off';
}

/** This browser's push state, and turning it on or off (busy while it runs; a failure's message kept). */
export function usePushDevice() {
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    readPushState().then(
      (read) => live && setState(read),
      () => live && setState(supported() ? 'off' : 'unsupported'),
    );
    return () => {
      live = false;
    };
  }, []);
  const change = useCallback(async (to: () => Promise<PushState>) => {
    setBusy(true);
    setProblem(null);
    try {
      setState(await to());
    } catch {
      setProblem(communityStrings.t('push.failed'));
    } finally {
      setBusy(false);
    }
  }, []);
  return {
    state,
    busy,
    problem,
    /** `then`: what else turning on means here, run once this browser is subscribed (a failure shows as one). */
    turnOn: (then?: () => Promise<unknown>) =>
      change(async () => {
        const to = await turnPushOn();
        if (to === 'on' && then) await then();
        return to;
      }),
    turnOff: () => change(turnPushOff),
  };
}
