import { useState } from 'react';
import type { ReadableEndpoint } from '@catalyst/web-kit';
import { adminStrings } from '../i18n/en';
import { useFlash } from './flash';
import { useEditableList } from './useEditableList';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export interface AdminListOptions<T> {
  /** The declared endpoint the list loads from, and what it is asked. */
  read: ReadableEndpoint;
  input?: unknown;
  /** Picks the rows out of the answer (the products list answers with a page); declared outside the page. */
  pick?: (data: unknown) => T[];
  /** Deletes one row on the server (left out where rows are never deleted). */
  remove?: (id: string) => Promise<unknown>;
  /** The success message after a delete (spec section 8). */
  deletedMessage?: string;
  /** Shown before the server's reason when a delete fails ('Failed to delete category'). */
  deleteFailure?: string;
}

/**
 * The state every admin list shares: the rows, the carried success message, a failure alert, the row
 * being changed (its buttons disabled) and the row waiting for delete confirmation.
 */
export function useAdminList<T extends { _id: string }>({
  read,
  input,
  pick,
  remove,
  deletedMessage,
  deleteFailure,
}: AdminListOptions<T>) {
  const list = useEditableList<T>(read, input, pick);
  const [flash, setFlash] = useFlash();
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<T | null>(null);

  /**
   * Sends a row changed in place (a toggle); the answer replaces the row. A failure reads `failure: reason`,
   * or what `failure` makes of the error. Says whether it worked (a page may say so).
   */
  async function change(
    item: T,
    send: () => Promise<{ data: T }>,
    failure: string | ((error: unknown) => string),
  ): Promise<boolean> {
    setPending(item._id);
    setFailure(null);
    try {
      const { data } = await send();
      list.replace(data);
      return true;
    } catch (error) {
      setFailure(typeof failure === 'string' ? `${failure}: ${errorText(error)}` : failure(error));
      return false;
    } finally {
      setPending(null);
    }
  }

  async function confirmDelete() {
    if (!toDelete || !remove) return;
    setPending(toDelete._id);
    setFailure(null);
    try {
      await remove(toDelete._id);
      list.remove(toDelete._id);
      setFlash(deletedMessage ?? null);
    } catch (error) {
      setFailure(`${deleteFailure ?? adminStrings.t('common.failedToDelete')}: ${errorText(error)}`);
    } finally {
      setPending(null);
      setToDelete(null);
    }
  }

  return {
    items: list.items,
    /** The whole answer (a page's total, for paging). */
    data: list.data,
    isLoading: list.isLoading,
    error: list.error,
    reload: list.reload,
    flash,
    /** Shows a success message (a row changed by a dialog of the page's own). */
    showFlash: (message: string) => setFlash(message),
    dismissFlash: () => setFlash(null),
    failure,
    /** Shows a failure of the page's own (a form above the list). */
    showFailure: (message: string) => setFailure(message),
    dismissFailure: () => setFailure(null),
    isBusy: (id: string) => pending === id,
    toDelete,
    askDelete: (item: T) => setToDelete(item),
    cancelDelete: () => setToDelete(null),
    confirmDelete,
    change,
    /** Puts a row the server answered with in place of the one with its id. */
    replace: list.replace,
  };
}

export type AdminList<T extends { _id: string }> = ReturnType<typeof useAdminList<T>>;
