import { useSyncExternalStore } from 'react';
import {
  browserChannel,
  createSessionStore,
  type SessionState,
  type SessionStore,
  type SessionUser,
} from './store';

export * from './store';
export * from './authDialog';

/** The page's one session store (web-kit is a federation singleton, so shell and remotes share it). */
export const session: SessionStore = createSessionStore({ channel: browserChannel() });

export interface UseSession extends SessionState {
  login: SessionStore['login'];
  register: SessionStore['register'];
  logout: SessionStore['logout'];
  loadUser: SessionStore['loadUser'];
  clearError: SessionStore['clearError'];
  expectRememberedSignIn: SessionStore['expectRememberedSignIn'];
}

export function useSession(store: SessionStore = session): UseSession {
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  return {
    ...state,
    login: store.login,
    register: store.register,
    logout: store.logout,
    loadUser: store.loadUser,
    clearError: store.clearError,
    expectRememberedSignIn: store.expectRememberedSignIn,
  };
}

export function hasRole(user: SessionUser | null | undefined, role: string): boolean {
  return !!user && user.role === role;
}

export function hasAnyRole(user: SessionUser | null | undefined, roles: readonly string[]): boolean {
  return !!user && roles.includes(user.role);
}

export const isAdmin = (user: SessionUser | null | undefined) => hasRole(user, 'admin');

/** First word of the name ('User' if absent), for greetings. */
export function firstName(user: SessionUser | null | undefined): string {
  return user?.name?.trim().split(/\s+/)[0] || 'User';
}

/** Upper-cased first letter of the name ('U' if absent), for the avatar. */
export function avatarLetter(user: SessionUser | null | undefined): string {
  return user?.name?.trim().charAt(0).toUpperCase() || 'U';
}
