import { createElement, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SERVER_MESSAGES, type StoredUser } from '@plantride/schemas';
import { rideKeys } from '../../lib/query-keys';
import { useTrackedRide } from './stores/tracked-ride.store';
import { useBookRideFlow, type BookingRequest } from './use-book-ride-flow';

const user = { token_no: 'RQ01', name: 'Asha Kulkarni', role: 'requester' } as StoredUser;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const request: BookingRequest = {
  fromLocation: 'main gate',
  toLocation: 'canteen',
  vehicleType: 'Forklift',
  duration: null,
  priority: 'normal',
  scheduledFor: '2026-11-27T09:00:00.000Z',
};

/** The engine as the booking sees it: a driver assigned, the requester known, and `book` answering the booking. */
function engine(book: (body: Record<string, unknown>) => Response) {
  const bodies: Record<string, unknown>[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    if (url.startsWith('/api/drivers/check-assigned/')) return json({ count: 1 });
    if (url.startsWith('/api/drivers/getSpecificRequester/'))
      return json({ requester: { FULL_NAME: 'Asha Kulkarni', MOBILE: '9876543210' } });
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    bodies.push(body);
    return book(body);
  });
  return bodies;
}

const answer = (over: Record<string, unknown>) => ({
  message: 'Ride booked',
  rideId: 'S1',
  reqName: 'Asha Kulkarni',
  reqMobileNo: '9876543210',
  scheduledFor: null,
  releaseAt: null,
  position: 40,
  ...over,
});

let client: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
beforeEach(() => {
  client = new QueryClient();
  useTrackedRide.setState({ rideId: null, rideType: null, position: 0, notice: null });
});
afterEach(() => vi.unstubAllGlobals());

describe('booking a ride for later (issue #20)', () => {
  it('given a time later today, when booked, then scheduledFor is sent and the ride is not tracked (the form stays free)', async () => {
    const bodies = engine(() => json(answer({ scheduledFor: request.scheduledFor, releaseAt: '2026-11-27T08:45:00.000Z' })));
    const { result } = renderHook(() => useBookRideFlow('fixed', user), { wrapper });
    let booked = false;
    await act(async () => {
      booked = await result.current.book(request);
    });
    expect(booked).toBe(true);
    expect(bodies[0]).toMatchObject({ scheduledFor: request.scheduledFor, priority: 'normal' });
    expect(useTrackedRide.getState()).toMatchObject({ rideId: null, position: 40 });
  });

  it('given a ride for now, when booked, then no scheduledFor goes and the ride is tracked as requested', async () => {
    const bodies = engine(() => json(answer({ rideId: 'R1' })));
    const { result } = renderHook(() => useBookRideFlow('fixed', user), { wrapper });
    await act(async () => {
      await result.current.book({ ...request, scheduledFor: null });
    });
    expect(bodies[0]).not.toHaveProperty('scheduledFor');
    expect(useTrackedRide.getState()).toMatchObject({ rideId: 'R1', rideType: 'Regular', position: 40 });
    expect(client.getQueryData(rideKeys.status('R1'))).toEqual({ status: 'requested', position: 40, driver: null });
  });

  it("given a time the engine refuses, when booked, then its message is the form's error", async () => {
    engine(() => json({ message: SERVER_MESSAGES.scheduledTooFar }, 400));
    const { result } = renderHook(() => useBookRideFlow('fixed', user), { wrapper });
    let booked = true;
    await act(async () => {
      booked = await result.current.book(request);
    });
    expect(booked).toBe(false);
    expect(result.current.error).toBe(SERVER_MESSAGES.scheduledTooFar);
    expect(useTrackedRide.getState().rideId).toBeNull();
  });
});
