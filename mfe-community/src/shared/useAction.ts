import { useCallback, useState } from 'react';

/** One thing a person does at a time (a vote, a follow, a registration): busy while it runs, its failure kept to show. */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const run = useCallback(async (action: () => Promise<void>) => {
    setBusy(true);
    setFailure(null);
    try {
      await action();
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, failure, setFailure, run };
}
