import { createStore, useStore } from './store';

/** Local storage keys fixed by the spec (§3): tests and other tools read them. */
export const tokenKey = 'token';
export const userKey = 'user';

export type StoredUser = { name: string; email: string; userId: string; isAdmin: boolean };

/** Read on every call (never cached) so a request right after sign-in carries the new token. */
export function getToken(): string | null {
  const token = localStorage.getItem(tokenKey);
  // Older clients stored the literal strings 'null' / 'undefined': treat them as absent.
  if (!token || token === 'null' || token === 'undefined') return null;
  return token;
}

export function hasToken(): boolean {
  return getToken() !== null;
}

export function getStoredUser(): StoredUser | null {
  try {
    const raw = localStorage.getItem(userKey);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<StoredUser> | null;
    if (!value || typeof value.userId !== 'string') return null;
    return {
      name: String(value.name ?? ''),
      email: String(value.email ?? ''),
      userId: value.userId,
      isAdmin: Boolean(value.isAdmin),
    };
  } catch {
    return null;
  }
}

/**
 * `permissions`: what the last sign-in answer granted (api.md §10), kept in memory only (the
 * stored record is the spec's); after a reload the dashboard reads them from the server.
 */
type SessionState = { isLoggedIn: boolean; user: StoredUser | null; permissions?: string[] };

let signedInPermissions: string[] | undefined;

function readSession(): SessionState {
  return {
    isLoggedIn: hasToken(),
    user: getStoredUser(),
    ...(signedInPermissions ? { permissions: signedInPermissions } : {}),
  };
}

/** Drives the header; the token in local storage stays the source of truth for requests. */
export const sessionStore = createStore<SessionState>(readSession());

export function useSession(): SessionState {
  return useStore(sessionStore);
}

/** Stores the credentials now; the header flips to signed-in when `markLoggedIn` runs. */
export function saveSession(token: string, user: StoredUser, permissions?: string[]): void {
  signedInPermissions = permissions;
  localStorage.setItem(tokenKey, token);
  localStorage.setItem(userKey, JSON.stringify(user));
}

/** The stored record (spec §3) of a sign-in answer's user. */
export function storedUserOf(user: { id: string; name: string; email: string; isAdmin: boolean }): StoredUser {
  return { name: user.name, email: user.email, userId: user.id, isAdmin: user.isAdmin };
}

export function markLoggedIn(): void {
  sessionStore.set(readSession());
}

export function updateStoredUser(changes: Partial<Pick<StoredUser, 'name' | 'email'>>): void {
  const user = getStoredUser();
  if (!user) return;
  const next = { ...user, ...changes };
  localStorage.setItem(userKey, JSON.stringify(next));
  sessionStore.set((state) => ({ ...state, user: next }));
}

let signingOut = false;

/**
 * Set while a logout runs (spec §4: alert now, /login two seconds later). Calls still in flight
 * when the token is revoked, and the live stream that reconnects without one, answer 401 then:
 * the logout makes its own redirect, so those answers must not make an earlier one.
 */
export function setSigningOut(value: boolean): void {
  signingOut = value;
}

export function isSigningOut(): boolean {
  return signingOut;
}

/** Drops the token and user only (an expired token must not wipe the theme). */
export function clearSession(): void {
  signedInPermissions = undefined;
  localStorage.removeItem(tokenKey);
  localStorage.removeItem(userKey);
  sessionStore.set({ isLoggedIn: false, user: null });
}
