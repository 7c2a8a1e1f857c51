import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveSocket } from './socket';
import { useOfflineQueue } from './offline-queue';
import { useSession } from './session.store';
import { useLiveSocket } from './socket.store';

const calls: string[] = [];
const api = vi.fn();
vi.mock('./api-client', () => ({ api: (...args: unknown[]) => api(...args) }));
const { logout } = await import('./logout');

const token = `h.${btoa(JSON.stringify({ token_no: 'AB12', role: 'requester', exp: Date.now() / 1000 + 600 }))}.s`;

describe('logout (SPEC §8)', () => {
  beforeEach(() => {
    calls.length = 0;
    useSession.setState({
      user: { name: 'Asha', token_no: 'AB12', jwt_token: token, role: 'requester', is_blocked: false, assignedVehicleType: null },
      ended: null,
    });
    useLiveSocket.setState({ socket: { disconnect: () => calls.push('socket closed') } as unknown as LiveSocket });
  });

  it('given a live socket, when the user logs out, then the socket is closed before the server ends the session and the session ends as a logout', async () => {
    api.mockImplementation(async () => {
      calls.push('server asked');
      return { message: 'ok' };
    });
    await logout();
    expect(calls).toEqual(['socket closed', 'server asked']);
    expect(useSession.getState()).toMatchObject({ user: null, ended: 'logout' });
  });

  it('given a persisted cache, old ride copies and his queued step, when he logs out, then what is his is gone from the browser', async () => {
    api.mockResolvedValue({ message: 'ok' });
    localStorage.setItem('plantride.queryCache', '{}');
    localStorage.setItem('driverDetails', '{}');
    localStorage.setItem('driverAssignedAt', '{}');
    localStorage.setItem('lastPosition:AB12', '41');
    localStorage.setItem('lastPosition:FL09', '40');
    const command = { owner: 'AB12', method: 'PUT', path: '/x', body: {}, label: 'Start Ride', tag: 'step:R1', doneMessage: '' } as const;
    useOfflineQueue.setState({
      commands: [
        { ...command, key: 'k1' },
        { ...command, owner: 'FL09', key: 'k2' },
      ],
    });
    await logout();
    expect(
      ['plantride.queryCache', 'driverDetails', 'driverAssignedAt', 'lastPosition:AB12'].map((key) => localStorage.getItem(key)),
    ).toEqual([null, null, null, null]);
    expect(localStorage.getItem('lastPosition:FL09')).toBe('40');
    expect(useOfflineQueue.getState().commands.map((c) => c.key)).toEqual(['k2']);
  });

  it('given the server cannot be reached, when the user logs out, then the session still ends, as a failed logout', async () => {
    api.mockRejectedValue(new Error('offline'));
    await logout();
    expect(useSession.getState()).toMatchObject({ user: null, ended: 'logoutFailed' });
  });
});
