import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider, onlineManager } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RideHistoryRow } from '@plantride/schemas';
import { useOfflineQueue } from '../../../lib/offline-queue';
import { persistCache, restoreCache } from '../../../lib/persisted-cache';
import { driverKeys, historyKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session.store';
import { queueTimestamps } from '../api/update-timestamps';
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

const ride: RideHistoryRow = {
  RIDEID: 'R7',
  RIDE_ID: 'R7',
  USER_ID: 'RQ01',
  DRIVER_ID: 'FL01',
  FROM_LOCATION: 'main gate',
  TO_LOCATION: 'canteen',
  VEHICLE_TYPE: 'Forklift',
  RIDE_TYPE: 'Regular',
  STATUS: 'started',
  ESTIMATED_TIME: 11,
  TIMESTAMP: '',
  CREATED_AT: '2026-03-14T08:00:00.000Z',
  COMPLETED_AT: null,
  DURATION: null,
};
const record = {
  NAME: 'Ravi Kumar',
  VEHICLE_TYPE: 'Forklift',
  BLOCKED_FOR_MAINTENANCE: 0,
  OPERATOR_ID: 'FL01',
  INSPECTION_TODAY: 'passed',
};

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

function renderWith(client: QueryClient) {
  return render(
    <QueryClientProvider client={client}>
      <DriverDashboard />
    </QueryClientProvider>,
  );
}

describe('driver dashboard with no network (issue #29 item 6)', () => {
  beforeEach(() => {
    localStorage.clear();
    useOfflineQueue.setState({ commands: [] });
    useSession.setState({
      user: { name: 'Ravi', token_no: 'FL01', jwt_token: 'x.y.z', role: 'driver', is_blocked: false, assignedVehicleType: 'Forklift' },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    onlineManager.setOnline(false);
  });
  afterEach(() => {
    onlineManager.setOnline(true);
    vi.unstubAllGlobals();
    useOfflineQueue.setState({ commands: [] });
  });

  it('given his ride was read before and he tapped Material Picked offline, when he reloads with no network, then his ride shows as last known, not yet confirmed, with the step waiting', async () => {
    // The page before the reload: what it read is written through to storage.
    const before = newClient();
    const stop = persistCache(before, 'FL01');
    before.setQueryData(driverKeys.record('FL01'), record);
    before.setQueryData(driverKeys.active('FL01'), true);
    before.setQueryData(historyKeys.driver('FL01'), [ride]);
    queueTimestamps('FL01', { rideId: 'R7', event: 'materialPicked' }, 'Material Picked');
    await waitFor(() => expect(localStorage.getItem('plantride.queryCache')).toContain('R7'));
    stop();

    const after = newClient();
    expect(restoreCache(after, 'FL01')).toBe(true);
    expect(after.getQueryState(historyKeys.driver('FL01'))?.isInvalidated).toBe(true);
    renderWith(after);

    expect(await screen.findByRole('heading', { name: 'Hello, Ravi Kumar' })).toBeInTheDocument();
    expect(screen.getByTestId('ongoing-ride-id')).toHaveTextContent('R7');
    // His own step, waiting, takes the ride on: the next one can be tapped too (issue #32 item 2).
    expect(screen.getByTestId('ongoing-ride-status')).toHaveTextContent('material picked');
    expect(screen.getByTestId('ride-not-confirmed')).toHaveTextContent(en.driver.notYetConfirmed);
    expect(screen.getByTestId('step-waiting')).toHaveTextContent('Material Picked is waiting for network');
    expect(screen.getByRole('button', { name: 'Waiting for network' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Material Dropped' })).toBeEnabled();
    expect(screen.queryByText(/No driver record found/)).not.toBeInTheDocument();
  });

  it('given nothing was read before, when he opens the dashboard with no network, then he is told his record could not be read yet, not that none exists', async () => {
    renderWith(newClient());
    expect(await screen.findByText(/could not be read/)).toBeInTheDocument();
    expect(screen.queryByText(/No driver record found/)).not.toBeInTheDocument();
  });

  it('given another driver signed in on this phone before, when FL01 reloads, then the copy is not his and is not shown', () => {
    localStorage.setItem(
      'plantride.queryCache',
      JSON.stringify({ owner: 'FL02', savedAt: Date.now(), state: { queries: [], mutations: [] } }),
    );
    expect(restoreCache(newClient(), 'FL01')).toBe(false);
  });
});
