import { createElement, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DriverDetails } from '@plantride/schemas';
import { rideKeys } from '../../lib/query-keys';
import type { LiveSocket } from '../../lib/socket';
import { useLiveSocket } from '../../lib/socket.store';
import { useRideStatus, type RideStatusRead } from './api/get-ride-status';
import { useTrackedRide } from './stores/tracked-ride.store';
import { applyLiveEvent, useLiveRideEvents } from './use-live-ride-events';

vi.mock('./requester-toast', () => ({ requesterToast: { info: vi.fn(), warning: vi.fn(), success: vi.fn(), error: vi.fn() } }));

const meena: DriverDetails = { id: 'FL02', name: 'Meena', mobile: '9000000002', vehicle: 'FL-2' };
const requested: RideStatusRead = { status: 'requested', position: 10, driver: null };

function fakeSocket() {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const socket = {
    on: (name: string, fn: (payload: unknown) => void) => listeners.set(name, (listeners.get(name) ?? new Set()).add(fn)),
    off: (name: string, fn: (payload: unknown) => void) => listeners.get(name)?.delete(fn),
  };
  const emit = (name: string, payload: unknown) => act(() => listeners.get(name)?.forEach((fn) => fn(payload)));
  return { socket: socket as unknown as LiveSocket, emit };
}

let client: QueryClient;
beforeEach(() => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  useTrackedRide.setState({ rideId: 'R1', rideType: 'Regular', position: 10, notice: null });
  client.setQueryData(rideKeys.status('R1'), requested);
});
afterEach(() => {
  vi.unstubAllGlobals();
  useLiveSocket.setState({ socket: null });
});

describe("the requester's ride in the query cache (issue #29 item 6)", () => {
  it('given his ride requested, when rideAccepted comes, then the cached ride has the driver it names and is read again at its position', () => {
    const applied = applyLiveEvent(client, {
      type: 'rideAccepted',
      payload: { rideId: 'R1', driverId: 'FL02', driverData: meena, isRedistributed: false, position: 12 },
    });
    expect(applied).toBe(true);
    expect(client.getQueryData(rideKeys.status('R1'))).toEqual({ ...requested, driver: meena });
    expect(useTrackedRide.getState().position).toBe(12);
  });

  it('given the same event replayed after a reconnect, then it is applied once', () => {
    const event = { type: 'materialPicked', payload: { rideId: 'R1', position: 14 } } as const;
    expect(applyLiveEvent(client, event)).toBe(true);
    expect(applyLiveEvent(client, event)).toBe(false);
  });

  it("given another ride's step, then his ride is left alone; a take-over names the new driver for a moment", () => {
    expect(applyLiveEvent(client, { type: 'rideStarted', payload: { rideId: 'R9', position: 11 } })).toBe(false);
    expect(useTrackedRide.getState()).toMatchObject({ rideId: 'R1', position: 10 });
    applyLiveEvent(client, {
      type: 'driverReassigned',
      payload: { rideId: 'R1', driverDetails: meena, newDriverName: 'Meena', newDriverId: 'FL02', position: 13 },
    });
    expect(client.getQueryData<RideStatusRead>(rideKeys.status('R1'))?.driver).toEqual(meena);
    expect(useTrackedRide.getState().notice).toBe('New driver assigned: Meena');
  });

  it("given the screen reading his ride, when a step arrives on the socket, then the one cached copy is read again at the step's position", async () => {
    const urls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      urls.push(url);
      const body = {
        STATUS: url.includes('position=15') ? 'started' : 'accepted',
        DRIVER_ID: 'FL02',
        DRIVER_NAME: 'Meena',
        DRIVER_MOBILE: '9000000002',
        VEHICLE_NUMBER: 'FL-2',
      };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    const { socket, emit } = fakeSocket();
    useLiveSocket.setState({ socket });
    const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
    const { result } = renderHook(
      () => {
        useLiveRideEvents();
        const position = useTrackedRide((s) => s.position);
        return useRideStatus('R1', position);
      },
      { wrapper },
    );
    emit('rideStarted', { rideId: 'R1', position: 15 });
    await waitFor(() => expect(result.current.data?.status).toBe('started'));
    expect(urls.some((url) => url.startsWith('/api/tracking/ride-status/R1') && url.includes('position=15'))).toBe(true);
    expect(client.getQueryData<RideStatusRead>(rideKeys.status('R1'))).toMatchObject({ status: 'started', driver: meena });
  });
});
