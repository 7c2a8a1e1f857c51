import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '../../../lib/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SERVER_MESSAGES, type BoardAnswer } from '@plantride/schemas';
import { formatTime } from '../../../lib/format-date';
import { useSession } from '../../../lib/session.store';
import { roleHome } from '../../../lib/role-home';
import { BoardPage } from './board-page';

vi.mock('react-router', () => ({ useNavigate: () => vi.fn() }));
vi.mock('../../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() } }));

const waiting = {
  rideId: 'R7',
  status: 'requested',
  priority: 'urgent' as const,
  vehicleType: 'Forklift',
  rideType: 'Regular',
  fromLocation: 'main gate',
  toLocation: 'canteen',
  waitingSince: '2026-12-06T10:00:00.000Z',
  ageSeconds: 420,
  isRedistributed: false,
  offer: { driverId: 'F001', driverName: 'Asha', expiresAt: '2026-12-06T10:07:30.000Z' },
};

const alert = {
  alertId: 'R7.wait',
  kind: 'waitingTooLong' as const,
  rideId: 'R7',
  detail: null,
  raisedAt: '2026-12-06T10:05:00.000Z',
  vehicleType: 'Forklift',
  fromLocation: 'main gate',
  toLocation: 'canteen',
  rideStatus: 'requested',
};

const ON_BREAK_SINCE = '2026-12-06T09:55:00.000Z';

const board = (alerts: BoardAnswer['alerts']): BoardAnswer => ({
  asOf: '2026-12-06T10:07:00.000Z',
  waitingRides: [waiting],
  offers: [{ ...waiting, offer: waiting.offer }],
  drivers: [
    {
      vehicleType: 'Forklift',
      counts: { free: 0, busy: 1, onBreak: 1, blocked: 1 },
      drivers: [
        { operatorId: 'F002', name: 'Bala', state: 'busy', rideId: 'R3', breakSince: null },
        { operatorId: 'F003', name: 'Chitra', state: 'blocked', rideId: null, breakSince: null },
        { operatorId: 'F004', name: 'Devi', state: 'on break', rideId: null, breakSince: ON_BREAK_SINCE },
      ],
    },
    { vehicleType: 'Crane', counts: { free: 0, busy: 0, onBreak: 0, blocked: 0 }, drivers: [] },
  ],
  breakdowns: [
    {
      requestId: 'M1',
      driverId: 'F003',
      driverName: 'Chitra',
      vehicleType: 'Forklift',
      issue: 'Hydraulic Problem',
      breakdownType: 'full',
      status: 'pending',
      rideId: null,
      requestedAt: '2026-12-06T09:50:00.000Z',
    },
  ],
  alerts,
  counts: {
    waitingRides: 1,
    offers: 1,
    breakdowns: 1,
    alerts: { waitingTooLong: alerts.length, targetMissed: 0, noAlternativeDriver: 0, total: alerts.length },
  },
});

/** GET /api/board answers the open alerts; POST acknowledge answers `ack` and, on 200, closes the alert. */
function stubEngine(ack: { status: number; body: unknown }) {
  let open = [alert];
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push({ url, method, body: init.body ? JSON.parse(String(init.body)) : undefined });
    if (method === 'POST') {
      if (ack.status === 200) open = [];
      return new Response(JSON.stringify(ack.body), { status: ack.status, headers: { 'content-type': 'application/json' } });
    }
    return new Response(JSON.stringify(board(open)), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <BoardPage />
    </QueryClientProvider>,
  );
}

describe('the dispatcher board (issue #32 item 4)', () => {
  beforeEach(() => {
    useSession.setState({
      user: { name: 'Head', token_no: 'MH01', jwt_token: 'x.y.z', role: 'maintenanceHead', is_blocked: false, assignedVehicleType: null },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('given the engine answer, then each section shows it: the ride with its age and urgency, the offer, drivers by type, the breakdown, the alert and the counts', async () => {
    stubEngine({ status: 200, body: {} });
    renderPage();
    const rides = await screen.findByRole('region', { name: 'Waiting rides (1)' });
    expect(within(rides).getByText('main gate → canteen')).toBeInTheDocument();
    expect(within(rides).getByText('7 min')).toBeInTheDocument();
    expect(within(rides).getByText('Urgent')).toBeInTheDocument();
    // Staff may give it to a driver by hand: the statechart lets a requested ride be assigned.
    expect(within(rides).getByRole('button', { name: 'Assign driver to ride R7' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Offers in flight (1)' })).getByText(/^Offered to Asha \(F001\) until/),
    ).toBeInTheDocument();
    const drivers = screen.getByRole('region', { name: 'Drivers on shift (3)' });
    expect(within(drivers).getByText('0 free, 1 busy, 1 on break, 1 blocked')).toBeInTheDocument();
    expect(within(drivers).getByText('Bala (F002): busy, ride R3')).toBeInTheDocument();
    expect(within(drivers).getByText(`Devi (F004): on break since ${formatTime(ON_BREAK_SINCE)}`)).toBeInTheDocument();
    expect(within(drivers).getByText('Crane')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Open breakdowns (1)' })).getByText(/Hydraulic Problem · full breakdown/),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Alerts (1)' })).getByText(SERVER_MESSAGES.rideWaitingTooLong)).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Board counts' })).getByText('1 alert: 1 waiting too long')).toBeInTheDocument();
  });

  it('given an open alert, when Acknowledge is tapped, then its id goes to the engine and the board read again at the answer position no longer lists it', async () => {
    const calls = stubEngine({ status: 200, body: { alertId: 'R7.wait', position: 42 } });
    renderPage();
    const alerts = await screen.findByRole('region', { name: 'Alerts (1)' });
    await userEvent.click(within(alerts).getByRole('button', { name: /^Acknowledge/ }));
    expect(await screen.findByRole('region', { name: 'Alerts (0)' })).toHaveTextContent('No open alerts.');
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: '/api/board/alerts/acknowledge',
      body: { alertId: 'R7.wait' },
    });
    expect(calls.some((call) => call.method === 'GET' && call.url.includes('position=42'))).toBe(true);
  });

  it('given someone acknowledged it first, when Acknowledge is tapped, then the engine message is shown and the alert stays until the board says otherwise', async () => {
    stubEngine({ status: 409, body: { message: SERVER_MESSAGES.alertAlreadyAcknowledged } });
    renderPage();
    const alerts = await screen.findByRole('region', { name: 'Alerts (1)' });
    await userEvent.click(within(alerts).getByRole('button', { name: /^Acknowledge/ }));
    await waitFor(() => expect(vi.mocked(toast.error).mock.calls[0]?.[0]).toBe(SERVER_MESSAGES.alertAlreadyAcknowledged));
    expect(screen.getByRole('region', { name: 'Alerts (1)' })).toBeInTheDocument();
  });
});

describe('role homes (issue #32 item 5)', () => {
  it('given each role, then the admin and the maintenance head land on the board, requesters and drivers as before', () => {
    expect(['admin', 'maintenanceHead', 'MAINTENANCEHEAD', 'requester', 'driver', 'visitor'].map(roleHome)).toEqual([
      '/board',
      '/board',
      '/board',
      '/requester',
      '/driver',
      null,
    ]);
  });
});
