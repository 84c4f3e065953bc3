import { createStore, useStore } from './store';

/** Local storage keys fixed by the spec (§3): tests and other tools read them. */
export const tokenKey = 'token';
export const userKey = 'user';
/** Ours: the permissions last heard from the server (sign-in answer or own record), as a JSON array. */
export const permissionsKey = 'permissions';

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
 * `permissions`: what the server last said this person may do (api.md §10): the sign-in answer,
 * then their own record, which the dashboard reads again on every load (permissions.ts). They
 * are kept beside the spec's record under a key of their own, so that a reloaded screen draws
 * its buttons and links at once, as they were, instead of without them until the read answers
 * (the buttons then pushed the page down: Lighthouse counted a layout shift of 0.2 on the
 * Product List). A hint for drawing only: the server decides every request.
 */
type SessionState = { isLoggedIn: boolean; user: StoredUser | null; permissions?: string[] };

function storedPermissions(): string[] | undefined {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(permissionsKey) ?? 'null');
    return Array.isArray(value) && value.every((item) => typeof item === 'string') ? value : undefined;
  } catch {
    return undefined;
  }
}

function readSession(): SessionState {
  const isLoggedIn = hasToken();
  const permissions = isLoggedIn ? storedPermissions() : undefined;
  return { isLoggedIn, user: getStoredUser(), ...(permissions ? { permissions } : {}) };
}

/** Drives the header; the token in local storage stays the source of truth for requests. */
export const sessionStore = createStore<SessionState>(readSession());

export function useSession(): SessionState {
  return useStore(sessionStore);
}

/** Stores the credentials now; the header flips to signed-in when `markLoggedIn` runs. */
export function saveSession(token: string, user: StoredUser, permissions?: string[]): void {
  localStorage.setItem(tokenKey, token);
  localStorage.setItem(userKey, JSON.stringify(user));
  if (permissions) localStorage.setItem(permissionsKey, JSON.stringify(permissions));
  else localStorage.removeItem(permissionsKey);
}

/** The permissions the server sent with the person's own record, kept for the next load. */
export function rememberPermissions(permissions: readonly string[]): void {
  const text = JSON.stringify(permissions);
  if (!hasToken() || localStorage.getItem(permissionsKey) === text) return;
  localStorage.setItem(permissionsKey, text);
  sessionStore.set((state) => ({ ...state, permissions: [...permissions] }));
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
  localStorage.removeItem(tokenKey);
  localStorage.removeItem(userKey);
  localStorage.removeItem(permissionsKey);
  sessionStore.set({ isLoggedIn: false, user: null });
}
