import { useEffect, useState } from 'react';
import type { Certificate } from '@catalyst/contracts';
import { api } from '@catalyst/web-kit';

/** Waits before asking again for a certificate not issued yet (it is issued as the course completes, or on the next read). */
export const CERTIFICATE_RETRY_DELAYS_MS = [1_500, 3_000] as const;

export type CourseCertificate =
  | { status: 'idle' | 'loading' }
  | { status: 'ready'; certificate: Certificate }
  /** Not issued after the retries: it appears in the learning record shortly. */
  | { status: 'pending' }
  | { status: 'error' };

/**
 * The learner's certificate of a completed course (from their certificates, by product id); null
 * productId: the course is not complete (nothing is asked). Asked again twice, briefly, while not there.
 */
export function useCourseCertificate(
  productId: string | null,
  delays: readonly number[] = CERTIFICATE_RETRY_DELAYS_MS,
): CourseCertificate {
  const [state, setState] = useState<CourseCertificate>({ status: 'idle' });
  useEffect(() => {
    if (!productId) {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    setState({ status: 'loading' });
    const ask = (tries: number) => {
      api.certificate
        .list(undefined, { signal: controller.signal })
        .then((certificates) => {
          if (controller.signal.aborted) return;
          const certificate = certificates.find((c) => c.productId === productId);
          if (certificate) setState({ status: 'ready', certificate });
          else if (tries < delays.length) timer = setTimeout(() => ask(tries + 1), delays[tries]);
          else setState({ status: 'pending' });
        })
        .catch(() => {
          if (!controller.signal.aborted) setState({ status: 'error' });
        });
    };
    ask(0);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [productId, delays]);
  return state;
}
