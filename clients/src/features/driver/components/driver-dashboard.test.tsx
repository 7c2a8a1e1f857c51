import type { ReactNode } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INSPECTION_MESSAGES, MESSAGES, showingRecords, type RideHistoryRow, type ServerRide, type ShiftAnswer } from '@plantride/schemas';
import type { LiveSocket } from '../../../lib/socket';
import { useLiveSocket } from '../../../lib/socket.store';
import { useSession } from '../../../lib/session.store';
import { renderWithQueries, stubFetch, type FetchCall } from '../test-support';
import { useOfferClock } from '../stores/ride-offers';
import { DriverDashboard } from './driver-dashboard';
import { en } from '../../../i18n/en';

vi.mock('react-router', () => ({
  useNavigate: () => vi.fn(),
  useLocation: () => ({ state: null }),
  Link: ({ to, children, ...rest }: { to: string; children: ReactNode }) => (
    <a href={to} {...rest}>
      {children}
    </a>
  ),
}));
vi.mock('../../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

/** Just enough of a socket.io client for the dashboard to listen on; `emit` plays the server. */
function fakeSocket() {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const socket = {
    on: (name: string, fn: (payload: unknown) => void) => listeners.set(name, (listeners.get(name) ?? new Set()).add(fn)),
    off: (name: string, fn: (payload: unknown) => void) => listeners.get(name)?.delete(fn),
    io: { on: vi.fn(), off: vi.fn() },
  };
  const emit = (name: string, payload: unknown) => act(() => listeners.get(name)?.forEach((fn) => fn(payload)));
  return { socket: socket as unknown as LiveSocket, emit };
}

const waitingRide = (n: number): ServerRide => ({
  RIDE_ID: `R${n}`,
  RIDEID: `R${n}`,
  USER_ID: 'RQ01',
  DRIVER_ID: null,
  FROM_LOCATION: 'main gate',
  TO_LOCATION: 'canteen',
  VEHICLE_TYPE: 'Forklift',
  RIDE_TYPE: 'Regular',
  STATUS: 'requested',
  ESTIMATED_TIME: 11,
  TIMESTAMP: '',
  LOCAL_TIME: null,
  CREATED_AT: '2026-03-14T08:00:00.000Z',
  COMPLETED_AT: null,
  DURATION: null,
  IS_SPECIAL_TASK: false,
  IS_REDISTRIBUTED: false,
  MAINTENANCE_COMMENT: null,
  ORIGINAL_DRIVER_ID: null,
  ORIGINAL_DRIVER_NAME: null,
  RIDE_STATE: null,
  REQUESTER_DETAILS: null,
});

const row = (over: Partial<RideHistoryRow>): RideHistoryRow => ({
  RIDEID: 'R1',
  RIDE_ID: 'R1',
  USER_ID: 'RQ01',
  DRIVER_ID: 'FL01',
  FROM_LOCATION: 'main gate',
  TO_LOCATION: 'canteen',
  VEHICLE_TYPE: 'Forklift',
  RIDE_TYPE: 'Regular',
  STATUS: 'material picked',
  ESTIMATED_TIME: 11,
  TIMESTAMP: '',
  CREATED_AT: '2026-03-14T08:00:00.000Z',
  COMPLETED_AT: null,
  DURATION: null,
  ...over,
});

describe('driver dashboard (SPEC §2, §4)', () => {
  let active = 1;
  let history = () => [row({})];
  let waiting: ServerRide[] = [];
  let inspectionRequired = false;
  let inspectionToday = 'missing';
  let shift: ShiftAnswer = { on: false, shift: null, breakSince: null };
  let calls: FetchCall[];
  let releaseDriver: () => void;
  beforeEach(() => {
    active = 1;
    history = () => [row({})];
    waiting = [];
    inspectionRequired = false;
    inspectionToday = 'missing';
    shift = { on: false, shift: null, breakSince: null };
    const driverLoaded = new Promise<void>((done) => (releaseDriver = done));
    useSession.setState({
      user: { name: 'Ravi', token_no: 'FL01', jwt_token: 'x.y.z', role: 'driver', is_blocked: false, assignedVehicleType: 'Forklift' },
    });
    calls = stubFetch((call) => {
      if (call.url.startsWith('/api/drivers/status/')) return { isActive: active };
      if (call.url.startsWith('/api/drivers/shift')) return shift;
      if (call.url.startsWith('/api/ride-history')) return { history: history(), total: history().length, limit: 100, offset: 0 };
      if (call.url.startsWith('/api/inspections/settings')) return { inspectionRequired };
      if (call.url.startsWith('/api/drivers/available-rides'))
        return { rides: { rows: waiting.slice(0, 13) }, total: waiting.length, limit: 13, offset: 0 };
      return {
        driver: [
          {
            NAME: 'Ravi Kumar',
            VEHICLE_TYPE: 'Forklift',
            BLOCKED_FOR_MAINTENANCE: 0,
            OPERATOR_ID: 'FL01',
            MOBILE: '9876543210',
            INSPECTION_TODAY: inspectionToday,
          },
        ],
      };
    });
    const stubbed = globalThis.fetch;
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (url.startsWith('/api/drivers/getSpecificDriver/')) await driverLoaded;
      return stubbed(url, init);
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useLiveSocket.setState({ socket: null });
    useOfferClock.setState({ windows: {}, missed: [] });
  });

  it('given the driver record is still loading, then a spinner shows; once it loads, the greeting, tags and his ride in progress at its step', async () => {
    renderWithQueries(<DriverDashboard />);
    expect(screen.getByRole('progressbar', { name: 'Loading driver record' })).toBeInTheDocument();
    releaseDriver();
    expect(await screen.findByRole('heading', { name: 'Hello, Ravi Kumar' })).toBeInTheDocument();
    expect(screen.getByText('ID: FL01')).toBeInTheDocument();
    expect(screen.getByText('VEHICLE: Forklift')).toBeInTheDocument();
    // A reload mid-ride: the server's history puts the ride back at its step.
    expect(await screen.findByTestId('ongoing-ride-status')).toHaveTextContent('material picked');
    expect(screen.getByRole('button', { name: 'Material Dropped' })).toBeEnabled();
    expect(screen.queryByText(MESSAGES.topLatestRides)).not.toBeInTheDocument();
  });

  it('given the dashboard, when statusChanged says Not Active for him, then his status is read again at that position and the admin overlay covers the screen', async () => {
    const { socket, emit } = fakeSocket();
    useLiveSocket.setState({ socket });
    releaseDriver();
    renderWithQueries(<DriverDashboard />);
    await screen.findByRole('heading', { name: 'Hello, Ravi Kumar' });
    active = 0;
    emit('statusChanged', { driverId: 'FL02', status: 'Not Active', position: 40 });
    emit('statusChanged', { driverId: 'FL01', status: 'Not Active', position: 41 });
    expect(await screen.findByRole('dialog', { name: MESSAGES.vehicleBlockedByAdmin })).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/drivers/status/FL01?position=41')).toBe(true);
    expect(calls.some((c) => c.url.includes('position=40'))).toBe(false);
  });

  it('given 218 rides waiting and none in progress, then only the 13 the tables show are asked for, and the count of all of them shows', async () => {
    history = () => [];
    waiting = Array.from({ length: 218 }, (_, i) => waitingRide(i + 1));
    releaseDriver();
    renderWithQueries(<DriverDashboard />);
    expect(await screen.findByTestId('available-rides-count')).toHaveTextContent(showingRecords(13, 218));
    expect(screen.getByRole('button', { name: /^Accept Ride R13$/ })).toBeInTheDocument();
    expect(
      calls
        .filter((c) => c.url.startsWith('/api/drivers/available-rides'))
        .every((c) => new URL(c.url, 'http://x').searchParams.get('limit') === '13'),
    ).toBe(true);
  });

  it('given he is on break (issue #32 item 4), then his Active Rides say so and list no ride to accept; his shift panel offers End break', async () => {
    history = () => [];
    waiting = [waitingRide(1), waitingRide(2)];
    const now = Date.now();
    shift = {
      on: true,
      shift: { startedAt: new Date(now - 3_600_000).toISOString(), endsAt: new Date(now + 3_600_000).toISOString(), location: null },
      breakSince: new Date(now - 60_000).toISOString(),
    };
    releaseDriver();
    renderWithQueries(<DriverDashboard />);
    expect(await screen.findByTestId('on-break-notice')).toHaveTextContent(en.driver.onBreak);
    expect(screen.getByRole('button', { name: 'End break' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Accept Ride/ })).not.toBeInTheDocument();
  });

  it('given his list saying a ride is offered to him (a device that did not hear rideOffered), then it covers his screen as his offer card, and is not in the list under it', async () => {
    history = () => [];
    const expiresAt = new Date(Date.now() + 60_000).toISOString();
    waiting = [{ ...waitingRide(1), OFFERED_TO_YOU: true, OFFER_EXPIRES_AT: expiresAt, PRIORITY: 'urgent' }, waitingRide(2)];
    releaseDriver();
    renderWithQueries(<DriverDashboard />);
    expect(await screen.findByTestId('offer-R1')).toHaveTextContent('Offered to you');
    const offers = screen.getByRole('dialog', { name: 'A ride is offered to you' });
    expect(within(offers).getByRole('button', { name: /^Accept Ride R1$/ })).toBeInTheDocument();
    // Under the offer (hidden from the accessibility tree while it stands), the list has R2 and not R1.
    expect(screen.getByRole('button', { name: /^Accept Ride R2$/, hidden: true })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Accept Ride R1$/, hidden: true })).toHaveLength(1);
    expect(screen.getByTestId('offer-R1')).toHaveTextContent('URGENT');
  });

  it('given his offer card, when removeRide says the offer went elsewhere, then the card goes and the ride does not fall into his list', async () => {
    const { socket, emit } = fakeSocket();
    useLiveSocket.setState({ socket });
    history = () => [];
    waiting = [{ ...waitingRide(1), OFFERED_TO_YOU: true, OFFER_EXPIRES_AT: new Date(Date.now() + 60_000).toISOString() }, waitingRide(2)];
    releaseDriver();
    renderWithQueries(<DriverDashboard />);
    await screen.findByTestId('offer-R1');
    // The engine's list, read again at the event's position, no longer has it.
    waiting = [waitingRide(2)];
    emit('removeRide', { rideId: 'R1', position: 50 });
    await waitFor(() => expect(screen.queryByTestId('offer-R1')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /^Accept Ride R1$/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Accept Ride R2$/ })).toBeInTheDocument();
  });

  it('given no more rides waiting than the tables show, then no count shows', async () => {
    history = () => [];
    waiting = [waitingRide(1), waitingRide(2)];
    releaseDriver();
    renderWithQueries(<DriverDashboard />);
    expect(await screen.findByRole('button', { name: /^Accept Ride R2$/ })).toBeInTheDocument();
    expect(screen.queryByTestId('available-rides-count')).not.toBeInTheDocument();
  });

  it('given the plant requires the daily inspection and he has none today, then the inspection card says so first with Inspect vehicle', async () => {
    inspectionRequired = true;
    history = () => [];
    releaseDriver();
    renderWithQueries(<DriverDashboard />);
    const card = await screen.findByRole('region', { name: 'Vehicle inspection' });
    await waitFor(() => expect(card).toHaveTextContent(INSPECTION_MESSAGES.inspectionRequired));
    expect(screen.getByRole('link', { name: 'Inspect vehicle' })).toHaveAttribute('href', '/driver/inspection');
  });

  it('given the inspection is not required, then the card is a quiet reminder with Inspect vehicle', async () => {
    history = () => [];
    releaseDriver();
    renderWithQueries(<DriverDashboard />);
    const card = await screen.findByRole('region', { name: 'Vehicle inspection' });
    await waitFor(() => expect(calls.some((call) => call.url === '/api/inspections/settings')).toBe(true));
    expect(card).not.toHaveTextContent(INSPECTION_MESSAGES.inspectionRequired);
    expect(screen.getByRole('link', { name: 'Inspect vehicle' })).toBeInTheDocument();
  });

  it('given an offer on his screen, when its countdown runs out unanswered, then it goes and he is told he missed it until he dismisses it', async () => {
    history = () => [];
    waiting = [{ ...waitingRide(1), OFFERED_TO_YOU: true, OFFER_EXPIRES_AT: new Date(Date.now() + 1_500).toISOString() }];
    releaseDriver();
    renderWithQueries(<DriverDashboard />);
    await screen.findByTestId('offer-R1');
    const missed = await screen.findByTestId('missed-offer-R1', {}, { timeout: 10_000 });
    expect(missed).toHaveTextContent('You missed an offer for ride R1.');
    expect(screen.queryByTestId('offer-R1')).not.toBeInTheDocument();
    await userEvent.click(within(missed).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('missed-offer-R1')).not.toBeInTheDocument();
  });

  it('given his ride in progress, then it comes first, and shift, inspection and sound fold under one line that opens on a tap', async () => {
    releaseDriver();
    renderWithQueries(<DriverDashboard />);
    await screen.findByTestId('ongoing-ride-status');
    expect(screen.queryByRole('region', { name: 'Vehicle inspection' })).not.toBeInTheDocument();
    const fold = screen.getByRole('button', { name: 'Shift, inspection and sound' });
    expect(fold).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(fold);
    expect(await screen.findByRole('region', { name: 'Vehicle inspection' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Request Maintenance' })).toBeInTheDocument();
  });

  it('given maintenance completed for him, then the completion popup opens', async () => {
    const { socket, emit } = fakeSocket();
    useLiveSocket.setState({ socket });
    releaseDriver();
    renderWithQueries(<DriverDashboard />);
    await screen.findByRole('heading', { name: 'Hello, Ravi Kumar' });
    emit('maintenanceCompleted', { driverId: 'FL01', message: MESSAGES.maintenanceCompletedVehicleActive, position: 50 });
    await waitFor(() =>
      expect(screen.getByRole('dialog', { name: 'Vehicle Active' })).toHaveTextContent(MESSAGES.maintenanceCompletedVehicleActive),
    );
  });
});
