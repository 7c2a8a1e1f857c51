import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast';
import { MESSAGES, type RideHistoryRow } from '@plantride/schemas';
import { RETRY_DELAYS_MS } from '../../../lib/api-client';
import { flushQueue, useOfflineQueue, waitingForNetwork } from '../../../lib/offline-queue';
import { en } from '../../../i18n/en';
import { renderWithQueries, stubFetch } from '../test-support';
import { OngoingRideCard } from './ongoing-ride-card';

vi.mock('../../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const ride = (over: Partial<RideHistoryRow> = {}): RideHistoryRow => ({
  RIDEID: 'R1',
  RIDE_ID: 'R1',
  USER_ID: 'RQ01',
  DRIVER_ID: 'FL01',
  FROM_LOCATION: 'main gate',
  TO_LOCATION: 'canteen',
  VEHICLE_TYPE: 'Forklift',
  RIDE_TYPE: 'Regular',
  STATUS: 'accepted',
  ESTIMATED_TIME: 11,
  TIMESTAMP: '2026-03-14T08:00:00.000Z',
  CREATED_AT: '2026-03-14T08:00:00.000Z',
  COMPLETED_AT: null,
  DURATION: null,
  ...over,
});

const STEP_LABELS = ['Start Ride', 'Material Picked', 'Material Dropped', 'End Ride'];
// A step waiting for the network is named so instead: not among the live ones.
const enabledSteps = () => STEP_LABELS.filter((name) => screen.queryByRole('button', { name })?.hasAttribute('disabled') === false);

describe('ongoing ride card (SPEC §2, §4)', () => {
  let position = 10;
  let calls: ReturnType<typeof stubFetch>;
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    calls = stubFetch(() => ({ position: ++position }));
  });
  afterEach(() => {
    useOfflineQueue.setState({ commands: [] });
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it('given an accepted ride, when the driver goes through the steps, then only the next one is live each time and each is sent in order', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const onMoved = vi.fn();
    renderWithQueries(<OngoingRideCard ride={ride()} blocked={false} onMoved={onMoved} />);
    expect(screen.getByText('Fixed Ride')).toBeInTheDocument();
    expect(enabledSteps()).toEqual(['Start Ride']);

    await user.click(screen.getByRole('button', { name: 'Start Ride' }));
    await waitFor(() => expect(enabledSteps()).toEqual(['Material Picked']));
    expect(screen.getByTestId('ongoing-ride-status')).toHaveTextContent('started');
    await user.click(screen.getByRole('button', { name: 'Material Picked' }));
    await waitFor(() => expect(enabledSteps()).toEqual(['Material Dropped']));
    await user.click(screen.getByRole('button', { name: 'Material Dropped' }));
    await waitFor(() => expect(enabledSteps()).toEqual(['End Ride']));
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['PUT', '/api/bookings/update-timestamps', { rideId: 'R1', event: 'start', doneAt: expect.any(String) }],
      ['PUT', '/api/bookings/update-timestamps', { rideId: 'R1', event: 'materialPicked', doneAt: expect.any(String) }],
      ['PUT', '/api/bookings/update-timestamps', { rideId: 'R1', event: 'materialDropped', doneAt: expect.any(String) }],
    ]);
    expect(onMoved).toHaveBeenLastCalledWith(position);
  });

  it('given a ride booked with what is moved (issue #32 item 7), then the card says it; without one, it shows none', () => {
    const { unmount } = renderWithQueries(
      <OngoingRideCard
        ride={ride({ LOAD: { quantity: 2, unit: 'pallets', handling: ['hazardous', 'temperature-controlled'] } })}
        blocked={false}
        onMoved={vi.fn()}
      />,
    );
    const load = screen.getByTestId('ongoing-ride-load');
    expect(load).toHaveTextContent('2 pallets');
    expect(load).toHaveTextContent('HAZARDOUS');
    expect(load).toHaveTextContent('Temperature-controlled');
    unmount();
    renderWithQueries(<OngoingRideCard ride={ride({ LOAD: null })} blocked={false} onMoved={vi.fn()} />);
    expect(screen.queryByTestId('ongoing-ride-load')).not.toBeInTheDocument();
  });

  it('given a delivered ride, when End Ride is pressed, then the end is sent only after 2000 ms, with the success toast', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithQueries(<OngoingRideCard ride={ride({ STATUS: 'delivered' })} blocked={false} onMoved={vi.fn()} />);
    const tappedAt = new Date().toISOString();
    await user.click(screen.getByRole('button', { name: 'End Ride' }));
    expect(screen.getByRole('button', { name: MESSAGES.processing })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(calls).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(200));
    // Timed at the tap, not at the send two seconds later (issue #32 item 2).
    await waitFor(() =>
      expect(calls).toEqual([
        { method: 'PUT', url: '/api/bookings/update-timestamps', body: { rideId: 'R1', event: 'end', doneAt: tappedAt } },
      ]),
    );
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MESSAGES.rideEnded));
    expect(enabledSteps()).toEqual([]);
    expect(screen.getByTestId('ongoing-ride-status')).toHaveTextContent('completed');
  });

  it('given a blocked driver, when he presses the live step, then nothing is sent and he is told he is blocked', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithQueries(<OngoingRideCard ride={ride({ STATUS: 'started' })} blocked onMoved={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Material Picked' }));
    expect(toast.info).toHaveBeenCalledWith(MESSAGES.blockedCannotAccept);
    expect(calls).toEqual([]);
  });

  it('given the server reports a later step (reload, socket), when the row changes, then the card catches up to it', async () => {
    const { rerender } = renderWithQueries(<OngoingRideCard ride={ride()} blocked={false} onMoved={vi.fn()} />);
    rerender(<OngoingRideCard ride={ride({ STATUS: 'material picked' })} blocked={false} onMoved={vi.fn()} />);
    await waitFor(() => expect(enabledSteps()).toEqual(['Material Dropped']));
  });

  it('given his step recorded, when the server row read a moment earlier still says the step before, then the card does not move back', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { rerender } = renderWithQueries(<OngoingRideCard ride={ride()} blocked={false} onMoved={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Start Ride' }));
    await waitFor(() => expect(enabledSteps()).toEqual(['Material Picked']));
    rerender(<OngoingRideCard ride={ride({ STATUS: 'accepted' })} blocked={false} onMoved={vi.fn()} />);
    expect(enabledSteps()).toEqual(['Material Picked']);
    expect(screen.getByTestId('ongoing-ride-status')).toHaveTextContent('started');
  });

  it('given no answer comes even after the automatic retries, then he is told to tap again and the same step stays live', async () => {
    const sent: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit = {}) => {
        sent.push(new Headers(init.headers).get('idempotency-key') ?? 'none');
        throw new TypeError('Failed to fetch');
      }),
    );
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithQueries(<OngoingRideCard ride={ride({ STATUS: 'started' })} blocked={false} onMoved={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Material Picked' }));
    for (const delay of RETRY_DELAYS_MS) await act(() => vi.advanceTimersByTimeAsync(delay));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(en.driver.stepNotAnswered));
    expect(enabledSteps()).toEqual(['Material Picked']);
    expect(sent).toHaveLength(1 + RETRY_DELAYS_MS.length);
    expect(new Set(sent).size).toBe(1);
  });

  it('given no network, when he taps Material Picked and a minute later Material Dropped, then both wait in order, each with the time of its tap, and go in that order when the network returns', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderWithQueries(<OngoingRideCard ride={ride({ STATUS: 'started' })} blocked={false} onMoved={vi.fn()} />);
    const pickedAt = new Date().toISOString();
    await user.click(screen.getByRole('button', { name: 'Material Picked' }));
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(enabledSteps()).toEqual(['Material Dropped']);
    const droppedAt = new Date().toISOString();
    await user.click(screen.getByRole('button', { name: 'Material Dropped' }));
    expect(screen.getAllByRole('button', { name: 'Waiting for network' })).toHaveLength(2);
    expect(screen.getAllByTestId('step-waiting').map((alert) => alert.textContent)).toEqual([
      waitingForNetwork({ label: 'driver.steps.materialPicked' }),
      waitingForNetwork({ label: 'driver.steps.materialDropped' }),
    ]);
    expect(enabledSteps()).toEqual(['End Ride']);
    expect(calls).toEqual([]);

    online.mockReturnValue(true);
    await act(() => flushQueue('FL01'));
    expect(calls.map((c) => c.body)).toEqual([
      { rideId: 'R1', event: 'materialPicked', doneAt: pickedAt },
      { rideId: 'R1', event: 'materialDropped', doneAt: droppedAt },
    ]);
    expect(Date.parse(droppedAt) - Date.parse(pickedAt)).toBeGreaterThanOrEqual(60_000);
    online.mockRestore();
  });

  it('given an ongoing ride, when seconds pass, then the progress bar moves +10 each second up to 100', async () => {
    renderWithQueries(<OngoingRideCard ride={ride({ RIDE_TYPE: 'Special Task' })} blocked={false} onMoved={vi.fn()} />);
    expect(screen.getByText('Special Task Ride')).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'Ride progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    for (let s = 1; s <= 3; s += 1) await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(bar).toHaveAttribute('aria-valuenow', '30');
    for (let s = 4; s <= 12; s += 1) await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(bar).toHaveAttribute('aria-valuenow', '100');
  });
});
