import { useState } from 'react';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '../../../lib/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session.store';
import type { RideOffer } from '../stores/ride-offers';
import { renderWithQueries } from '../test-support';
import type { TakeOutcome } from '../use-take-ride';
import { RideOffers } from './ride-offers';

vi.mock('../../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const offer = (over: Partial<RideOffer> = {}): RideOffer => ({
  rideId: 'R7',
  offeredAt: new Date().toISOString(),
  expiresAt: new Date(Date.now() + 30_000).toISOString(),
  fromLocation: 'main gate',
  toLocation: 'canteen',
  priority: 'urgent',
  vehicleType: 'Forklift',
  isSpecialTask: false,
  driverId: 'FL01',
  ...over,
});

/** decline-offer answered with `status` and `body`. */
function stubDecline(status: number, body: unknown) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    calls.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

/** The offers his list holds; onGone takes one out of it, as the dashboard drops its ride from the cached list. */
function Offers({
  initial,
  take = vi.fn(async (): Promise<TakeOutcome> => 'accepted'),
  onMoved = vi.fn(),
  onGone = vi.fn(),
  onLapsed = vi.fn(),
}: {
  initial: RideOffer[];
  take?: () => Promise<TakeOutcome>;
  onMoved?: (position: number | null) => void;
  onGone?: (rideId: string) => void;
  onLapsed?: (rideId: string) => void;
}) {
  const [offers, setOffers] = useState(initial);
  const leaves = (then: (rideId: string) => void) => (rideId: string) => {
    then(rideId);
    setOffers((standing) => standing.filter((offer) => offer.rideId !== rideId));
  };
  return <RideOffers offers={offers} busyRideId={null} take={take} onMoved={onMoved} onGone={leaves(onGone)} onLapsed={leaves(onLapsed)} />;
}

describe('a ride offered to the driver (issue #20)', () => {
  beforeEach(() => {
    useSession.setState({
      user: { name: 'Ravi', token_no: 'FL01', jwt_token: 'x.y.z', role: 'driver', is_blocked: false, assignedVehicleType: 'Forklift' },
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    vi.mocked(toast.success).mockClear();
    vi.mocked(toast.error).mockClear();
  });

  it('given an offer of a ride booked with what is moved (issue #32 item 7), then the card says it, FRAGILE prominent', () => {
    renderWithQueries(<Offers initial={[offer({ load: { description: 'Glass panels', weightKg: 80, handling: ['fragile'] } })]} />);
    const load = screen.getByTestId('offer-load-R7');
    expect(load).toHaveTextContent('Glass panels · 80 kg');
    expect(load).toHaveTextContent('FRAGILE');
  });

  it('given an urgent offer, when it shows, then it covers the screen and says Offered to you, URGENT, the route, its minutes and the seconds left', () => {
    renderWithQueries(<Offers initial={[offer({ estimatedMinutes: 7 })]} />);
    expect(screen.getByRole('dialog', { name: 'A ride is offered to you' })).toBeInTheDocument();
    const card = screen.getByTestId('offer-R7');
    expect(card).toHaveTextContent('about 7 min');
    expect(card).toHaveTextContent('Offered to you');
    expect(card).toHaveTextContent('Ride R7');
    expect(card).toHaveTextContent('URGENT');
    expect(card).toHaveTextContent('main gate → canteen');
    expect(screen.getByRole('timer')).toHaveTextContent(/^(30|29) s left to answer$/);
  });

  it('given a normal offer, when it shows, then there is no URGENT badge', () => {
    renderWithQueries(<Offers initial={[offer({ priority: 'normal' })]} />);
    expect(screen.getByTestId('offer-R7')).not.toHaveTextContent('URGENT');
  });

  it('given an offer, when he declines and the engine agrees, then the card goes, its message is toasted and the list is read at its position', async () => {
    const calls = stubDecline(200, { message: 'Offer declined; the ride goes to another driver.', position: 42 });
    const onMoved = vi.fn();
    renderWithQueries(<Offers initial={[offer()]} onMoved={onMoved} />);
    await userEvent.click(screen.getByRole('button', { name: 'Decline R7' }));
    await waitFor(() => expect(screen.queryByTestId('offer-R7')).not.toBeInTheDocument());
    expect(calls[0]).toEqual({ url: '/api/tracking/decline-offer', body: { rideId: 'R7' } });
    expect(toast.success).toHaveBeenCalledWith('Offer declined; the ride goes to another driver.');
    expect(onMoved).toHaveBeenCalledWith(42);
  });

  it('given an offer that lapsed meanwhile, when he declines and the engine answers 409, then its message shows and the card goes', async () => {
    stubDecline(409, { message: 'This ride is no longer available.' });
    renderWithQueries(<Offers initial={[offer()]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Decline R7' }));
    await waitFor(() => expect(screen.queryByTestId('offer-R7')).not.toBeInTheDocument());
    expect(toast.error).toHaveBeenCalledWith('This ride is no longer available.');
  });

  it('given an offer, when he accepts, then the accept flow runs for that ride and the card goes', async () => {
    const take = vi.fn(async (): Promise<TakeOutcome> => 'accepted');
    renderWithQueries(<Offers initial={[offer()]} take={take} />);
    await userEvent.click(screen.getByRole('button', { name: 'Accept Ride R7' }));
    expect(take).toHaveBeenCalledWith({ RIDE_ID: 'R7', IS_REDISTRIBUTED: false, RIDE_STATE: null });
    await waitFor(() => expect(screen.queryByTestId('offer-R7')).not.toBeInTheDocument());
  });

  it('given an offer with 2 seconds left, when the countdown reaches 0, then the card goes by itself', async () => {
    vi.useFakeTimers();
    const onLapsed = vi.fn();
    renderWithQueries(<Offers initial={[offer({ expiresAt: new Date(Date.now() + 2_000).toISOString() })]} onLapsed={onLapsed} />);
    expect(screen.getByRole('timer')).toHaveTextContent('2 s');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_500);
    });
    expect(screen.queryByTestId('offer-R7')).not.toBeInTheDocument();
    expect(onLapsed).toHaveBeenCalledWith('R7');
  });
});
