import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES, type RideHistoryRow } from '@plantride/schemas';
import { RideHistoryList } from './ride-history-list';
import { ScheduledRides } from './scheduled-rides';

const row = (over: Partial<RideHistoryRow>): RideHistoryRow => ({
  RIDEID: 'R1',
  RIDE_ID: 'R1',
  USER_ID: 'RQ01',
  DRIVER_ID: null,
  FROM_LOCATION: 'main gate',
  TO_LOCATION: 'canteen',
  VEHICLE_TYPE: 'Forklift',
  RIDE_TYPE: 'Regular',
  STATUS: 'completed',
  ESTIMATED_TIME: 11,
  TIMESTAMP: '2026-11-27T04:30:00.000Z',
  CREATED_AT: '2026-11-27T04:30:00.000Z',
  COMPLETED_AT: null,
  DURATION: null,
  PRIORITY: 'normal',
  SCHEDULED_FOR: null,
  SLA_MET: null,
  ...over,
});

// Friday 14:30 at the plant; it goes to drivers at 14:15.
const scheduled = row({
  RIDEID: 'S1',
  RIDE_ID: 'S1',
  STATUS: 'scheduled',
  PRIORITY: 'urgent',
  SCHEDULED_FOR: '2026-11-27T09:00:00.000Z',
  RELEASE_AT: '2026-11-27T08:45:00.000Z',
});

describe("the requester's history with rides booked for later and urgent rides (issue #20)", () => {
  it('given a scheduled urgent ride, when the history shows it, then it reads Scheduled with its time, carries Urgent, and may be cancelled', async () => {
    const onCancel = vi.fn();
    render(<RideHistoryList rides={[scheduled, row({})]} onOpen={vi.fn()} onCancel={onCancel} />);
    const card = screen
      .getByRole('button', { name: /^main gate → canteen\b.*\burgent\b.*\bscheduled\b.*Ride ID: S1\b/i })
      .closest('li') as HTMLElement;
    expect(within(card).getByText('scheduled')).toBeInTheDocument();
    expect(within(card).getByText('Urgent')).toBeInTheDocument();
    expect(within(card).getByTestId('scheduled-S1')).toHaveTextContent('Scheduled for 27 Nov 2026, 14:30 · goes to drivers at 14:15');
    await userEvent.click(within(card).getByRole('button', { name: 'Cancel Ride S1' }));
    // The tracker's dialog, not a second way of asking.
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.confirmCancelRide });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(onCancel).toHaveBeenCalledWith(scheduled);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // A completed normal ride: neither badge nor Cancel.
    const done = screen.getByRole('button', { name: /^main gate → canteen\b.*\bcompleted\b.*Ride ID: R1\b/i }).closest('li') as HTMLElement;
    expect(within(done).queryByText('Urgent')).not.toBeInTheDocument();
    expect(within(done).queryByRole('button', { name: /Cancel Ride/ })).not.toBeInTheDocument();
  });

  it('given a scheduled ride from an engine that does not say its release time, when the history shows it, then it says when it is wanted without it', () => {
    render(<RideHistoryList rides={[{ ...scheduled, RELEASE_AT: undefined }]} onOpen={vi.fn()} />);
    expect(screen.getByTestId('scheduled-S1')).toHaveTextContent(/^Scheduled for 27 Nov 2026, 14:30$/);
  });

  it('given his rides, when the booking screen lists those booked for later, then only the scheduled ones show, under Booked for later', () => {
    const { rerender } = render(
      <ScheduledRides
        rides={[scheduled, row({ RIDE_ID: 'R2', RIDEID: 'R2', STATUS: 'requested' })]}
        onOpen={vi.fn()}
        onCancel={vi.fn()}
        cancelling={false}
      />,
    );
    const list = screen.getByRole('list', { name: 'Booked for later' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByText(/Scheduled for 27 Nov 2026, 14:30/)).toBeInTheDocument();
    rerender(<ScheduledRides rides={[row({})]} onOpen={vi.fn()} onCancel={vi.fn()} cancelling={false} />);
    expect(screen.queryByRole('heading', { name: 'Booked for later' })).not.toBeInTheDocument();
  });
});
