import { create } from 'zustand';
import type { StoredUser } from '@plantride/schemas';
import { msUntilExpiry } from './jwt';
import { parseStoredUser } from './stored-user';

export const USER_STORAGE_KEY = 'user';

/**
 * Why the session ended; the shell picks the toast from it. `closed`: the server ended it (sign-out
 * elsewhere, block, new role, password reset) and said why in `endMessage`.
 */
export type SessionEnd = 'logout' | 'logoutFailed' | 'expired' | 'closed' | null;

interface SessionState {
  user: StoredUser | null;
  ended: SessionEnd;
  /** The server's words when it closed the session (`closed`). */
  endMessage: string | null;
  signIn: (user: StoredUser) => void;
  end: (why: Exclude<SessionEnd, null>, message?: string) => void;
  acknowledgeEnd: () => void;
}

/** The stored user, if it parses and its token has not expired; anything else is cleared (SPEC §5). */
export function loadStoredUser(storage: Storage = localStorage, now = Date.now()): StoredUser | null {
  const raw = storage.getItem(USER_STORAGE_KEY);
  if (raw === null) return null;
  try {
    const user = parseStoredUser(JSON.parse(raw));
    if (user && msUntilExpiry(user.jwt_token, now) > 0) return user;
  } catch {
    // unparseable: cleared below
  }
  storage.removeItem(USER_STORAGE_KEY);
  return null;
}

export const useSession = create<SessionState>((set) => ({
  user: loadStoredUser(),
  ended: null,
  endMessage: null,
  signIn: (user) => {
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
    set({ user, ended: null, endMessage: null });
  },
  end: (why, message) => {
    localStorage.removeItem(USER_STORAGE_KEY);
    set((state) => (state.user ? { user: null, ended: why, endMessage: message ?? null } : state));
  },
  acknowledgeEnd: () => set({ ended: null, endMessage: null }),
}));

export const currentToken = (): string | null => useSession.getState().user?.jwt_token ?? null;
