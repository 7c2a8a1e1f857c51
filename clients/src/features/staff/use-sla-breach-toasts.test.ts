import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveSocket } from '../../lib/socket';
import { useLiveSocket } from '../../lib/socket.store';
import { toast } from '../../lib/toast';
import { useSlaBreachToasts } from './use-sla-breach-toasts';

vi.mock('../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() } }));

function fakeSocket() {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const socket = {
    on: (name: string, fn: (payload: unknown) => void) => listeners.set(name, (listeners.get(name) ?? new Set()).add(fn)),
    off: (name: string, fn: (payload: unknown) => void) => listeners.get(name)?.delete(fn),
  };
  const emit = (name: string, payload: unknown) => act(() => listeners.get(name)?.forEach((fn) => fn(payload)));
  return { socket: socket as unknown as LiveSocket, emit, listening: () => listeners.get('rideSlaBreached')?.size ?? 0 };
}

let counter = 0;
const breach = (over: Record<string, unknown> = {}) => {
  counter += 1;
  const rideId = `SLA${counter}`;
  return {
    rideId,
    target: 'accept',
    priority: 'urgent',
    dueAt: '2026-11-27T04:35:00.000Z',
    breachedAt: '2026-11-27T04:35:01.000Z',
    vehicleType: 'Forklift',
    fromLocation: 'main gate',
    toLocation: 'canteen',
    message: `Urgent ride ${rideId} (main gate → canteen) was not accepted within its target.`,
    position: 50 + counter,
    ...over,
  };
};

beforeEach(() => vi.mocked(toast.warning).mockClear());
afterEach(() => useLiveSocket.setState({ socket: null }));

describe('staff hear of missed service targets (issue #20, rideSlaBreached)', () => {
  it('given staff signed in, when a ride misses its target, then its sentence shows as a warning toast, once even if the event comes again', () => {
    const { socket, emit } = fakeSocket();
    useLiveSocket.setState({ socket });
    renderHook(() => useSlaBreachToasts(true));
    const missed = breach();
    emit('rideSlaBreached', missed);
    emit('rideSlaBreached', missed);
    expect(toast.warning).toHaveBeenCalledTimes(1);
    expect(toast.warning).toHaveBeenCalledWith(missed.message, expect.objectContaining({ toastId: `sla-${missed.rideId}:accept` }));
    // The same ride's delivery target is news of its own.
    emit('rideSlaBreached', { ...missed, target: 'deliver', message: 'delivery late' });
    expect(toast.warning).toHaveBeenLastCalledWith('delivery late', expect.anything());
  });

  it('given a payload without its message, when it arrives, then nothing shows', () => {
    const { socket, emit } = fakeSocket();
    useLiveSocket.setState({ socket });
    renderHook(() => useSlaBreachToasts(true));
    emit('rideSlaBreached', { rideId: 'X' });
    expect(toast.warning).not.toHaveBeenCalled();
  });

  it('given someone who is not staff, when the hook runs, then it does not listen', () => {
    const { socket, listening } = fakeSocket();
    useLiveSocket.setState({ socket });
    const { rerender } = renderHook(({ staff }) => useSlaBreachToasts(staff), { initialProps: { staff: false } });
    expect(listening()).toBe(0);
    rerender({ staff: true });
    expect(listening()).toBe(1);
  });
});
