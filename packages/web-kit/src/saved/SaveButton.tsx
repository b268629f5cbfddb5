import { useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Bookmark, BookmarkCheck } from '../icons';
import { openAuthDialog } from '../session';
import type { SavedStore } from './store';
import { savedProducts, useSavedProduct } from './useSavedProduct';
import styles from './SaveButton.module.css';

export interface SaveButtonProps {
  product: { _id: string; title: string };
  className?: string;
  /** Tests pass their own store. */
  store?: SavedStore;
}

/**
 * The bookmark on a product card: "Save for later", pressed when the product is on the member's saved list.
 * A visitor is asked to sign in. Its clicks and keys stay its own (a card that opens on click never sees them).
 */
export function SaveButton({ product, className, store = savedProducts }: SaveButtonProps) {
  const { saved, signedIn, setSaved } = useSavedProduct(product._id, store);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const pressed = signedIn && saved;

  async function onClick(event: MouseEvent) {
    event.stopPropagation();
    event.preventDefault();
    if (!signedIn) {
      openAuthDialog('login');
      return;
    }
    setBusy(true);
    setProblem('');
    try {
      await setSaved(!pressed);
    } catch (error) {
      setProblem(
        `${pressed ? 'Could not remove' : 'Could not save'} ${product.title}: ${(error as Error).message}`,
      );
    } finally {
      setBusy(false);
    }
  }

  const Icon = pressed ? BookmarkCheck : Bookmark;
  return (
    <>
      <button
        type="button"
        className={[styles.button, pressed ? styles.pressed : '', className].filter(Boolean).join(' ')}
        aria-label="Save for later"
        aria-pressed={pressed}
        title={pressed ? 'Saved' : 'Save for later'}
        disabled={busy}
        onClick={onClick}
        onKeyDown={(event: KeyboardEvent) => event.stopPropagation()}
        data-testid="save-for-later"
      >
        <Icon size={18} />
      </button>
      <span role="status" className={styles.status}>
        {problem}
      </span>
    </>
  );
}
