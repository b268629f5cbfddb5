import { useSyncExternalStore } from 'react';

export type AuthDialogView = 'login' | 'register';

export interface AuthDialogState {
  open: boolean;
  view: AuthDialogView;
  /** Increases on every opening so the dialog can reset its fields. */
  openCount: number;
}

/** Props the shell passes to the account remote's `./AuthDialog`. */
export interface AuthDialogProps {
  open: boolean;
  view: AuthDialogView;
  openCount: number;
  onViewChange(view: AuthDialogView): void;
  onClose(): void;
  /** An error text for the red banner at the top of the page. */
  onError(message: string): void;
}

let state: AuthDialogState = { open: false, view: 'login', openCount: 0 };
const listeners = new Set<() => void>();
const set = (next: AuthDialogState) => {
  state = next;
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const getState = () => state;

/** Opens the authentication dialog (rendered by the shell) from anywhere, e.g. a remote's card. */
export function openAuthDialog(view: AuthDialogView = 'login'): void {
  set({ open: true, view, openCount: state.openCount + 1 });
}

export function closeAuthDialog(): void {
  if (state.open) set({ ...state, open: false });
}

export function setAuthDialogView(view: AuthDialogView): void {
  set({ ...state, view });
}

export function useAuthDialog(): AuthDialogState {
  return useSyncExternalStore(subscribe, getState, getState);
}
