// web-push 3.6 ships no types; community uses only its request builder (aes128gcm encryption and the VAPID JWT) and
// sends the request itself through service-kit's SSRF guard.
declare module 'web-push' {
  interface PushSubscription {
    endpoint: string;
    keys: { p256dh: string; auth: string };
  }
  interface RequestOptions {
    vapidDetails: { subject: string; publicKey: string; privateKey: string };
    /** Seconds the push service keeps the message for an offline device. */
    TTL?: number;
    urgency?: 'very-low' | 'low' | 'normal' | 'high';
    contentEncoding?: 'aes128gcm' | 'aesgcm';
  }
  interface RequestDetails {
    method: 'POST';
    headers: Record<string, string | number>;
    body: Buffer | null;
    endpoint: string;
  }
  const webPush: {
    generateRequestDetails(
      subscription: PushSubscription,
      payload: string | Buffer | null,
      options: RequestOptions,
    ): RequestDetails;
  };
  export default webPush;
}
