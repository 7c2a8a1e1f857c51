import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../lib/session.store';
import { secondsLeft, useRideOffers, type RideOffer } from './ride-offers.store';

const offer = (rideId: string): RideOffer => ({
  rideId,
  offeredAt: new Date().toISOString(),
  expiresAt: new Date(Date.now() + 30_000).toISOString(),
  fromLocation: 'main gate',
  toLocation: 'canteen',
  priority: 'normal',
  vehicleType: 'Forklift',
  isSpecialTask: false,
  driverId: 'FL01',
});

describe('offers to a driver (issue #20)', () => {
  beforeEach(() => useRideOffers.setState({ offers: [], passed: [] }));

  it('given an offer he declined, when the ride opens to all drivers, then it may show in his lists again', () => {
    const offers = useRideOffers.getState();
    offers.offered(offer('R1'));
    offers.passedOn('R1');
    expect(useRideOffers.getState()).toMatchObject({ offers: [], passed: ['R1'] });
    offers.openToAll('R1');
    expect(useRideOffers.getState().passed).toEqual([]);
  });

  it('given a removeRide for a ride never offered to him, then nothing is kept', () => {
    useRideOffers.getState().passedOn('R9');
    expect(useRideOffers.getState().passed).toEqual([]);
  });

  it('given an accepted offer, then it is simply gone', () => {
    useRideOffers.getState().offered(offer('R2'));
    useRideOffers.getState().gone('R2');
    expect(useRideOffers.getState()).toMatchObject({ offers: [], passed: [] });
  });

  it('given offers, when the session ends, then the next driver on this tab starts with none', () => {
    useSession.setState({
      user: { name: 'Ravi', token_no: 'FL01', jwt_token: 'x.y.z', role: 'driver', is_blocked: false, assignedVehicleType: 'Forklift' },
    });
    useRideOffers.getState().offered(offer('R3'));
    useSession.getState().end('logout');
    expect(useRideOffers.getState()).toMatchObject({ offers: [], passed: [] });
  });

  it('given an expiry, then the seconds left round up and never go below 0', () => {
    expect(secondsLeft({ expiresAt: '2026-03-14T08:00:10.000Z' }, Date.parse('2026-03-14T08:00:00.500Z'))).toBe(10);
    expect(secondsLeft({ expiresAt: '2026-03-14T08:00:10.000Z' }, Date.parse('2026-03-14T08:00:11.000Z'))).toBe(0);
  });
});
