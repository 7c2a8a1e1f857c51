import { beforeEach, describe, expect, it } from 'vitest';
import type { ServerRide } from '@plantride/schemas';
import { useSession } from '../../../lib/session.store';
import { offersAndRides, secondsLeft, useOfferClock } from './ride-offers';

const NOW = Date.parse('2026-03-14T08:00:00.000Z');
const row = (rideId: string, over: Partial<ServerRide> = {}) =>
  ({
    RIDE_ID: rideId,
    FROM_LOCATION: 'main gate',
    TO_LOCATION: 'canteen',
    VEHICLE_TYPE: 'Forklift',
    IS_SPECIAL_TASK: false,
    PRIORITY: 'normal',
    ...over,
  }) as ServerRide;

describe('offers to a driver, as his list records them (issue #20, issue #29)', () => {
  beforeEach(() => useOfferClock.setState({ windows: {}, missed: [] }));

  it('given his list, then a standing offer is a card and not a row, and a ride open to all is a row', () => {
    const { offers, rides } = offersAndRides(
      [row('R1', { OFFERED_TO_YOU: true, OFFER_EXPIRES_AT: '2026-03-14T08:00:30.000Z' }), row('R2')],
      'FL01',
      NOW,
    );
    expect(offers.map((offer) => [offer.rideId, offer.expiresAt, offer.driverId])).toEqual([['R1', '2026-03-14T08:00:30.000Z', 'FL01']]);
    expect(rides.map((ride) => ride.RIDE_ID)).toEqual(['R2']);
  });

  it('given an offer of a ride booked with what is moved (issue #32 item 7), then its card carries the load his list gave', () => {
    const load = { description: 'Glass panels', handling: ['fragile' as const] };
    const { offers } = offersAndRides(
      [row('R1', { OFFERED_TO_YOU: true, OFFER_EXPIRES_AT: '2026-03-14T08:00:30.000Z', LOAD: load })],
      'FL01',
      NOW,
    );
    expect(offers.map((offer) => offer.load)).toEqual([load]);
  });

  it('given an offer that ran out, then it is neither a card nor a row until his list is read again', () => {
    const { offers, rides } = offersAndRides(
      [row('R1', { OFFERED_TO_YOU: true, OFFER_EXPIRES_AT: '2026-03-14T07:59:59.000Z' })],
      'FL01',
      NOW,
    );
    expect(offers).toEqual([]);
    expect(rides).toEqual([]);
  });

  it('given an offer this phone heard with its clock 5 minutes behind, then the card counts the seconds the server gave from its arrival', () => {
    const offeredAt = '2026-03-14T08:05:00.000Z';
    useOfferClock.getState().heard({ rideId: 'R1', offeredAt, expiresAt: '2026-03-14T08:05:30.000Z' }, NOW);
    const { offers } = offersAndRides(
      [row('R1', { OFFERED_TO_YOU: true, OFFER_EXPIRES_AT: '2026-03-14T08:05:30.000Z' })],
      'FL01',
      NOW,
      useOfferClock.getState().windows,
    );
    expect(secondsLeft(offers[0]!, NOW)).toBe(30);
  });

  it('given an offer first seen in his list, then its countdown runs from then, and seeing it again does not restart it', () => {
    const expiresAt = '2026-03-14T08:00:40.000Z';
    useOfferClock.getState().seen('R1', expiresAt, NOW);
    useOfferClock.getState().seen('R1', expiresAt, NOW + 10_000);
    const [offer] = offersAndRides(
      [row('R1', { OFFERED_TO_YOU: true, OFFER_EXPIRES_AT: expiresAt })],
      'FL01',
      NOW + 10_000,
      useOfferClock.getState().windows,
    ).offers;
    expect(offer).toMatchObject({ offeredAt: new Date(NOW).toISOString(), expiresAt });
  });

  it('given an offer that ran out unanswered, then it is missed until he dismisses it', () => {
    useOfferClock.getState().lapsed('R1');
    useOfferClock.getState().lapsed('R1');
    expect(useOfferClock.getState().missed).toEqual(['R1']);
    useOfferClock.getState().dismiss('R1');
    expect(useOfferClock.getState().missed).toEqual([]);
  });

  it('given offers heard, when the session ends, then the next driver on this tab starts with none', () => {
    useSession.setState({
      user: { name: 'Ravi', token_no: 'FL01', jwt_token: 'x.y.z', role: 'driver', is_blocked: false, assignedVehicleType: 'Forklift' },
    });
    useOfferClock.getState().heard({ rideId: 'R3', offeredAt: '2026-03-14T08:00:00.000Z', expiresAt: '2026-03-14T08:00:30.000Z' });
    useOfferClock.getState().lapsed('R2');
    useSession.getState().end('logout');
    expect(useOfferClock.getState()).toMatchObject({ windows: {}, missed: [] });
  });

  it('given an expiry, then the seconds left round up and never go below 0', () => {
    expect(secondsLeft({ expiresAt: '2026-03-14T08:00:10.000Z' }, Date.parse('2026-03-14T08:00:00.500Z'))).toBe(10);
    expect(secondsLeft({ expiresAt: '2026-03-14T08:00:10.000Z' }, Date.parse('2026-03-14T08:00:11.000Z'))).toBe(0);
  });
});
