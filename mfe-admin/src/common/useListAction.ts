import { useState } from 'react';
import { refusalOf } from './refusal';

/**
 * An admin's action on a listed row (enable, rotate, delete…): `act` runs it, keeps its refusal in the server's
 * words (else `fallback`) as `problem`, and reads the list again either way, so the page shows what is now true.
 */
export function useListAction(reload: () => void) {
  const [problem, setProblem] = useState<string | null>(null);
  async function act(run: () => Promise<unknown>, fallback: string) {
    setProblem(null);
    try {
      await run();
    } catch (error) {
      setProblem(refusalOf(error, fallback));
    }
    reload();
  }
  return { problem, act };
}
