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

const IDLE: CourseCertificate = { status: 'idle' };
const LOADING: CourseCertificate = { status: 'loading' };

/**
 * The learner's certificate of a completed course (from their certificates, by product id); null
 * productId: the course is not complete (nothing is asked). Asked again twice, briefly, while not there.
 */
export function useCourseCertificate(
  productId: string | null,
  delays: readonly number[] = CERTIFICATE_RETRY_DELAYS_MS,
): CourseCertificate {
  // The answer kept with what it answered: another course (or none) starts again from its own reading.
  const [answer, setAnswer] = useState<{
    productId: string;
    delays: readonly number[];
    state: CourseCertificate;
  } | null>(null);
  useEffect(() => {
    if (!productId) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = (state: CourseCertificate) => setAnswer({ productId, delays, state });
    const ask = (tries: number) => {
      api.certificate
        .list(undefined, { signal: controller.signal })
        .then((certificates) => {
          if (controller.signal.aborted) return;
          const certificate = certificates.find((c) => c.productId === productId);
          if (certificate) settle({ status: 'ready', certificate });
          else if (tries < delays.length) timer = setTimeout(() => ask(tries + 1), delays[tries]);
          else settle({ status: 'pending' });
        })
        .catch(() => {
          if (!controller.signal.aborted) settle({ status: 'error' });
        });
    };
    ask(0);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [productId, delays]);
  if (!productId) return IDLE;
  return answer?.productId === productId && answer.delays === delays ? answer.state : LOADING;
}
