import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useStrings } from '@catalyst/web-kit';
import { Search } from '@catalyst/web-kit/icons';
import { shellStrings } from '../i18n/en';
import styles from './SearchPalette.module.css';

// What the palette shows once opened is its own chunk (and so are its texts): the welcome page never loads it
// unless the palette is opened.
const SearchPaletteDialog = lazy(() => import('./SearchPaletteDialog'));

/** Keys typed into a field are the field's: `/` opens the palette only outside one. */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  return target.closest('input, textarea, select, [contenteditable]:not([contenteditable="false"])') !== null;
}

/**
 * The command palette: `/` (outside a text field) and ⌘K / Ctrl-K open it anywhere, and on a phone, whose
 * header has no room for the search box, the header's search button does. What it shows once open:
 * ./SearchPaletteDialog.tsx.
 */
export function SearchPalette() {
  const t = useStrings(shellStrings);
  const [open, setOpen] = useState(false);
  // What is typed between opening and the dialog's arrival (its chunk loads on the first open) is kept for its
  // box, so a quick `/` then a word loses no letter.
  const early = useRef<{ text: string; taken: boolean }>({ text: '', taken: false });
  const show = useCallback(() => {
    early.current = { text: '', taken: false };
    setOpen(true);
  }, []);
  const takeEarly = useCallback(() => {
    early.current.taken = true;
    return early.current.text;
  }, []);

  useEffect(() => {
    if (!open) return;
    const keep = (event: globalThis.KeyboardEvent) => {
      if (early.current.taken || event.metaKey || event.ctrlKey || event.altKey || event.isComposing) return;
      if (event.key.length === 1) early.current.text += event.key;
      else if (event.key === 'Backspace') early.current.text = early.current.text.slice(0, -1);
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', keep, true);
    return () => document.removeEventListener('keydown', keep, true);
  }, [open]);

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || event.altKey) return;
      const command = (event.metaKey || event.ctrlKey) && !event.shiftKey && event.key.toLowerCase() === 'k';
      const slash = event.key === '/' && !event.metaKey && !event.ctrlKey && !typingIn(event.target);
      if (!command && !slash) return;
      // another dialog keeps its keys (the palette's own included)
      if (event.target instanceof Element && event.target.closest('[aria-modal="true"]')) return;
      event.preventDefault();
      show();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [show]);

  return (
    <>
      <button
        type="button"
        className={styles.trigger}
        aria-label={t('header.openSearch')}
        aria-haspopup="dialog"
        aria-keyshortcuts="/ Control+K Meta+K"
        onClick={show}
      >
        <Search size={20} aria-hidden="true" focusable="false" />
      </button>
      {open ? (
        <Suspense fallback={null}>
          <SearchPaletteDialog onClose={() => setOpen(false)} typedBefore={takeEarly} />
        </Suspense>
      ) : null}
    </>
  );
}
