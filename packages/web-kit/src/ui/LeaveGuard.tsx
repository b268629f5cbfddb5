import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from './Button';
import { Dialog } from './Dialog';

/** The in-app address a plain left click on this event's link would open, or null when it is no such click. */
function inAppTarget(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null; // a new tab or window
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return null;
  if (link.target && link.target !== '_self') return null;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  const to = `${url.pathname}${url.search}${url.hash}`;
  const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
  return to === here ? null : to;
}

/**
 * While `dirty`, leaving the page asks first: closing the tab, reloading or typing an address through the
 * browser's own prompt (beforeunload), and following an in-app link through a dialog, "Stay on this page" or
 * "Leave without saving". (The shell's router is declarative, without a data router's blocker: the link's
 * click is caught before the router sees it.) Render the returned element.
 */
export function useLeaveGuard(dirty: boolean): ReactNode {
  const navigate = useNavigate();
  const [pending, setPending] = useState<string | null>(null);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    const intercept = (event: MouseEvent) => {
      const to = inAppTarget(event);
      if (to === null) return;
      event.preventDefault();
      event.stopPropagation();
      setPending(to);
    };
    window.addEventListener('beforeunload', warn);
    document.addEventListener('click', intercept, true);
    return () => {
      window.removeEventListener('beforeunload', warn);
      document.removeEventListener('click', intercept, true);
    };
  }, [dirty]);

  return (
    <Dialog open={pending !== null} onClose={() => setPending(null)} title="Leave without saving?">
      <p>You have unsaved changes on this page. If you leave now, they are lost.</p>
      <div style={{ display: 'flex', gap: '0.75rem', justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        <Button variant="secondary" onClick={() => setPending(null)}>
          Stay on this page
        </Button>
        <Button
          variant="danger"
          onClick={() => {
            const to = pending;
            setPending(null);
            if (to) navigate(to);
          }}
        >
          Leave without saving
        </Button>
      </div>
    </Dialog>
  );
}
