import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { RideStatus, RideTimestamps } from '@plantride/schemas';
import { breakdownStepNote } from '../ride-steps';
import { RideProgress, waitedText } from './ride-progress';

const at = '2026-11-26T10:00:00.000Z';
const pickedTimes: RideTimestamps = {
  creation_time: at,
  accept_time: at,
  start_time: at,
  material_pick_time: at,
  material_drop_time: null,
  end_time: null,
};
const ride = { fromLocation: 'south gate', toLocation: 'Boiler Bay - 2', vehicleType: 'Forklift', requestedAt: at };

function show(
  status: RideStatus,
  timestamps: RideTimestamps | null,
  onDismiss = vi.fn(),
  summary: typeof ride & { wantedAt?: string | null; waitingSince?: string | null } = ride,
) {
  render(
    <RideProgress
      rideId="R1"
      status={status}
      timestamps={timestamps}
      acceptedAt={null}
      notice={null}
      live
      newBookingLabel="Book New Ride"
      onNewBooking={vi.fn()}
      onCancel={vi.fn()}
      cancelling={false}
      ride={summary}
      driver={{ id: 'F001', name: 'Ravi Kumar', mobile: '9876543210', vehicle: 'MH12' }}
      onDismiss={onDismiss}
    />,
  );
  return onDismiss;
}

const stateOf = (n: number) => screen.getByTestId(`step-${n}`).dataset.state;

describe("the requester's ride progress", () => {
  it('given a ride whose vehicle broke down after pick-up, then its first four steps stay done with their times and the next step says why it waits', () => {
    show('waiting_for_reassignment', pickedTimes);
    expect([1, 2, 3, 4, 5, 6].map(stateOf)).toEqual(['done', 'done', 'done', 'done', 'pending', 'pending']);
    expect(screen.getByTestId('step-time-4')).toBeTruthy();
    expect(screen.getByTestId('step-5').textContent).toContain(breakdownStepNote());
    expect(screen.getByRole('button', { name: 'Cancel Request' })).toBeTruthy();
    expect(screen.getByTestId('ride-facts').textContent).toContain('south gate → Boiler Bay - 2');
    expect(screen.getByTestId('waited').textContent).toMatch(/Waiting \d+ min/);
  });

  it('given a completed ride, then its summary names the driver with a call link and stays until Dismiss is pressed', () => {
    const onDismiss = show('completed', { ...pickedTimes, material_drop_time: at, end_time: at });
    const summary = screen.getByTestId('ride-completed');
    expect(summary.textContent).toContain('Ride completed');
    expect(summary.textContent).toContain('Driver: Ravi Kumar');
    expect(screen.getByRole('link', { name: 'Call Ravi Kumar on 9876543210' }).getAttribute('href')).toBe('tel:9876543210');
    expect(screen.queryByTestId('waited')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onDismiss).toHaveBeenCalledOnce();
  });

  it('given a ride booked for later that went to drivers (issue #20), then it says when it is wanted and counts the wait from its release, not its booking', () => {
    const released = new Date(Date.now() - 3 * 60_000).toISOString();
    show('requested', null, vi.fn(), {
      ...ride,
      requestedAt: '2026-11-26T04:00:00.000Z',
      wantedAt: '2026-11-27T09:00:00.000Z',
      waitingSince: released,
    });
    expect(screen.getByTestId('wanted-at')).toHaveTextContent('27 Nov 2026, 14:30');
    expect(screen.getByTestId('waited')).toHaveTextContent('Waiting 3 min');
  });

  it('given a released ride booked on another device, then no wait is counted, since its release time is not known here', () => {
    show('requested', null, vi.fn(), { ...ride, wantedAt: '2026-11-27T09:00:00.000Z', waitingSince: null });
    expect(screen.queryByTestId('waited')).toBeNull();
  });

  it.each([
    [0, 'Waiting less than a minute'],
    [59, 'Waiting less than a minute'],
    [60, 'Waiting 1 min'],
    [67, 'Waiting 1 min'],
    [119, 'Waiting 1 min'],
    [120, 'Waiting 2 min'],
    [7 * 60 + 30, 'Waiting 7 min'],
  ])('words a wait of %i s in whole minutes: %s', (seconds, text) => {
    expect(waitedText(seconds)).toBe(text);
  });

  it('given a wait of 59 s on screen, when the minute passes, then it reads 1 min at once, and 2 min at 120 s', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-26T10:00:59.000Z') });
    try {
      show('requested', null, vi.fn(), { ...ride, requestedAt: '2026-11-26T10:00:00.000Z' });
      expect(screen.getByTestId('waited')).toHaveTextContent('Waiting less than a minute');
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(screen.getByTestId('waited')).toHaveTextContent('Waiting 1 min');
      await act(() => vi.advanceTimersByTimeAsync(59_000));
      expect(screen.getByTestId('waited')).toHaveTextContent('Waiting 1 min');
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(screen.getByTestId('waited')).toHaveTextContent('Waiting 2 min');
    } finally {
      vi.useRealTimers();
    }
  });
});
