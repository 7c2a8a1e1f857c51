import { describe, expect, it } from 'vitest';
import { loadStoredUser, USER_STORAGE_KEY, useSession } from './session.store';

const token = (exp: number) => `h.${btoa(JSON.stringify({ token_no: 'AB12', role: 'requester', exp }))}.s`;
const user = (exp: number) => ({
  name: 'Asha',
  token_no: 'AB12',
  jwt_token: token(exp),
  role: 'requester',
  is_blocked: false,
  assignedVehicleType: null,
});
const now = Date.UTC(2026, 2, 14);

describe('stored user (SPEC §3, §5)', () => {
  it('given a stored user with a live token, when loaded, then it is the session', () => {
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user(now / 1000 + 60)));
    expect(loadStoredUser(localStorage, now)?.token_no).toBe('AB12');
  });

  it.each([
    ['unparseable', '{not json'],
    ['missing fields', JSON.stringify({ name: 'x' })],
    ['expired', JSON.stringify(user(now / 1000 - 1))],
  ])('given a stored user that is %s, when loaded, then it is cleared', (_what, raw) => {
    localStorage.setItem(USER_STORAGE_KEY, raw);
    expect(loadStoredUser(localStorage, now)).toBeNull();
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
  });
});

describe('a session the server closes', () => {
  it('given a signed-in user, when the server closes his session with its words, then he is signed out with them; a second end (the disconnect) changes nothing', () => {
    const live = { ...user(Date.now() / 1000 + 600), role: 'requester' as const };
    useSession.getState().signIn(live);
    const message = 'Your driver registration was approved. Please sign in again to start driving.';
    useSession.getState().end('closed', message);
    useSession.getState().end('expired');
    expect(useSession.getState()).toMatchObject({ user: null, ended: 'closed', endMessage: message });
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
    useSession.getState().acknowledgeEnd();
    expect(useSession.getState()).toMatchObject({ ended: null, endMessage: null });
  });
});
