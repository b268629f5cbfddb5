import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/** A success message carried to the next page (the spec's alert after a save), shown once. */
export interface FlashState {
  flash?: string;
}

/** Reads the message a save left for this page and clears it from history, so a reload does not repeat it. */
export function useFlash(): [string | null, (message: string | null) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const carried = (location.state as FlashState | null)?.flash ?? null;
  const [message, setMessage] = useState<string | null>(carried);
  // A message carried to the page while it is shown (a save from a dialog of its own) replaces the one shown.
  const [carriedShown, setCarriedShown] = useState(carried);
  if (carried !== carriedShown) {
    setCarriedShown(carried);
    if (carried) setMessage(carried);
  }
  useEffect(() => {
    if (carried) navigate(location.pathname + location.search, { replace: true, state: null });
  }, [carried, location.pathname, location.search, navigate]);
  return [message, setMessage];
}
