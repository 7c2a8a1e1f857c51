import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES, type RideHistoryRow, type ServerRide } from '@plantride/schemas';
import { AvailableRides } from './available-rides';
import { CompletedRides } from './completed-rides';

const ride = (over: Partial<ServerRide>): ServerRide => ({
  RIDE_ID: 'R1',
  RIDEID: 'R1',
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
  ...over,
});

describe('available rides tables (SPEC §2)', () => {
  it('given a redistributed ride and a new one, then the first carries the Redistributed badge and Take Over Ride, the other Accept Ride', async () => {
    const onTake = vi.fn();
    const taken = ride({ RIDE_ID: 'R2', IS_REDISTRIBUTED: true, STATUS: 'waiting_for_reassignment', RIDE_STATE: 'started' });
    render(
      <AvailableRides
        title={MESSAGES.topLatestRides}
        emptyText={MESSAGES.noClosestRides}
        rides={[taken, ride({})]}
        busyRideId={null}
        onTake={onTake}
      />,
    );
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Redistributed')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('button', { name: /^Take Over Ride/ })).toBeInTheDocument();
    expect(within(rows[1]!).queryByText('Redistributed')).not.toBeInTheDocument();
    await userEvent.click(within(rows[1]!).getByRole('button', { name: /^Accept Ride/ }));
    expect(onTake).toHaveBeenCalledWith(expect.objectContaining({ RIDE_ID: 'R1' }));
  });

  it('given an urgent ride and a normal one (issue #20), then only the urgent one carries URGENT', () => {
    render(
      <AvailableRides
        title="t"
        emptyText="e"
        rides={[ride({ PRIORITY: 'urgent' }), ride({ RIDE_ID: 'R2', RIDEID: 'R2', PRIORITY: 'normal' })]}
        busyRideId={null}
        onTake={vi.fn()}
      />,
    );
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('URGENT')).toBeInTheDocument();
    expect(within(rows[1]!).queryByText('URGENT')).not.toBeInTheDocument();
  });

  it('given a ride booked with what is moved (issue #32 item 7), then its row says it with HAZARDOUS prominent; a ride without shows none', () => {
    render(
      <AvailableRides
        title="t"
        emptyText="e"
        rides={[
          ride({ LOAD: { description: 'Acid drums', quantity: 4, unit: 'drums', handling: ['hazardous'] } }),
          ride({ RIDE_ID: 'R2', RIDEID: 'R2', LOAD: null }),
        ]}
        busyRideId={null}
        onTake={vi.fn()}
      />,
    );
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    const load = within(rows[0]!).getByRole('group', { name: 'What is being moved' });
    expect(load).toHaveTextContent('Acid drums · 4 drums');
    expect(within(load).getByText('HAZARDOUS').closest('.MuiChip-root')).toHaveClass('MuiChip-colorError');
    expect(within(rows[1]!).queryByRole('group', { name: 'What is being moved' })).not.toBeInTheDocument();
  });

  it('given one ride being accepted, then its button reads Processing... and every button waits', () => {
    render(
      <AvailableRides title="t" emptyText="e" rides={[ride({}), ride({ RIDE_ID: 'R2', RIDEID: 'R2' })]} busyRideId="R1" onTake={vi.fn()} />,
    );
    expect(screen.getByRole('button', { name: MESSAGES.processing })).toBeDisabled();
    expect(screen.getByRole('button', { name: /^Accept Ride R2/ })).toBeDisabled();
  });

  it('given no rides, then the empty text shows', () => {
    render(
      <AvailableRides
        title={MESSAGES.otherAvailableRides}
        emptyText={MESSAGES.noAdditionalRides}
        rides={[]}
        busyRideId={null}
        onTake={vi.fn()}
      />,
    );
    expect(screen.getByText(MESSAGES.noAdditionalRides)).toBeInTheDocument();
  });

  it('given a place name with angle brackets, then it is shown as text, never as markup', () => {
    const { container } = render(
      <AvailableRides
        title="t"
        emptyText="e"
        rides={[ride({ FROM_LOCATION: '<img src=x onerror=alert(1)>' })]}
        busyRideId={null}
        onTake={vi.fn()}
      />,
    );
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
  });
});

describe('completed rides (SPEC §2)', () => {
  const done = (over: Partial<RideHistoryRow>): RideHistoryRow => ({
    RIDEID: 'R1',
    RIDE_ID: 'R1',
    USER_ID: 'RQ01',
    DRIVER_ID: 'FL01',
    FROM_LOCATION: 'main gate',
    TO_LOCATION: 'canteen',
    VEHICLE_TYPE: 'Forklift',
    RIDE_TYPE: 'Special Task',
    STATUS: 'completed',
    ESTIMATED_TIME: 11,
    TIMESTAMP: '',
    CREATED_AT: '2026-03-14T08:35:09.000Z',
    COMPLETED_AT: '2026-03-14T09:05:00.000Z',
    DURATION: '0h 30m',
    ...over,
  });

  it('given completed rides, then dates read dd MMM yyyy, HH:mm on the plant clock (issue #32 item 6, not the 12-hour time of SPEC §2), N/A when missing and Invalid Date when unparseable', () => {
    render(<CompletedRides rides={[done({}), done({ RIDE_ID: 'R2', COMPLETED_AT: null, CREATED_AT: 'yesterday-ish' })]} />);
    const [first, second] = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(first).toHaveTextContent('14 Mar 2026, 14:05');
    expect(first).toHaveTextContent('Special Task Ride');
    expect(second).toHaveTextContent(MESSAGES.invalidDate);
    expect(second).toHaveTextContent(MESSAGES.notAvailable);
  });

  it('given a phone, then each completed ride is a card with its route and both times, no sideways table', async () => {
    const phone = (media: string) => ({
      matches: true,
      media,
      onchange: null,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      addListener: vi.fn(),
      removeListener: vi.fn(),
      dispatchEvent: () => false,
    });
    vi.stubGlobal('matchMedia', phone);
    try {
      render(<CompletedRides rides={[done({})]} />);
      const card = await screen.findByTestId('completed-R1');
      expect(card).toHaveTextContent('main gate → canteen');
      expect(card).toHaveTextContent('Completed 14 Mar 2026, 14:35');
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('given none, then it reads No ride history available', () => {
    render(<CompletedRides rides={[]} />);
    expect(screen.getByText(MESSAGES.noRideHistoryAvailable)).toBeInTheDocument();
  });
});
