import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES, RIDE_STATUSES, type RideStatus, type RideTimestamps } from '@plantride/schemas';
import { CancelRideDialog } from './cancel-ride-dialog';
import { RideProgress } from './ride-progress';

const AT = '2026-03-14T08:00:00.000Z';
const times = (over: Partial<RideTimestamps> = {}): RideTimestamps => ({
  creation_time: AT,
  accept_time: AT,
  start_time: null,
  material_pick_time: null,
  material_drop_time: null,
  end_time: null,
  ...over,
});

/** The booking screen's tracker and its cancel confirmation, as the screen wires them. */
function Tracker({ status, timestamps, onConfirm }: { status: RideStatus; timestamps: RideTimestamps | null; onConfirm: () => void }) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <RideProgress
        rideId="R1"
        status={status}
        timestamps={timestamps}
        acceptedAt={null}
        notice={null}
        live
        newBookingLabel="Book New Ride"
        onNewBooking={vi.fn()}
        onCancel={() => setAsking(true)}
        cancelling={false}
      />
      <CancelRideDialog
        open={asking}
        status={status}
        timestamps={timestamps}
        toLocation="canteen"
        busy={false}
        onConfirm={onConfirm}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}

async function openConfirmation(status: RideStatus, timestamps: RideTimestamps | null = times()) {
  const onConfirm = vi.fn();
  const user = userEvent.setup();
  render(<Tracker status={status} timestamps={timestamps} onConfirm={onConfirm} />);
  await user.click(screen.getByRole('button', { name: 'Cancel Request' }));
  const dialog = await screen.findByRole('dialog', { name: MESSAGES.confirmCancelRide });
  return { dialog, onConfirm, user };
}

describe('Cancel Request on the booking screens (SPEC §4, and the breakdown decision)', () => {
  it('then Cancel Request is offered while requested, waiting for another driver or booked for later, never while a driver carries the ride out or once it is over', () => {
    const offered = RIDE_STATUSES.filter((status) => {
      const { unmount } = render(<Tracker status={status} timestamps={times()} onConfirm={vi.fn()} />);
      const shown = screen.queryByRole('button', { name: 'Cancel Request' }) !== null;
      unmount();
      return shown;
    });
    // The statuses' order is the statechart's; which of them offer it is what counts here.
    expect([...offered].sort()).toEqual(['requested', 'scheduled', 'waiting_for_reassignment']);
  });

  it('given a requested ride, when Cancel Request is pressed, then the spec dialog asks Yes/No with nothing more, and Yes cancels', async () => {
    const { dialog, onConfirm, user } = await openConfirmation('requested');
    expect(dialog).not.toHaveTextContent('broke down');
    expect(screen.queryByTestId('cancel-consequence')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('given a ride waiting after a breakdown with the material on board, when Cancel Request is pressed, then the dialog says the broken-down vehicle has it and nobody will deliver it; No keeps the ride', async () => {
    const { dialog, onConfirm, user } = await openConfirmation(
      'waiting_for_reassignment',
      times({ start_time: AT, material_pick_time: AT }),
    );
    expect(dialog).toHaveTextContent(
      'The material was already picked up by the vehicle that broke down. If you cancel, the ride ends there: no other driver will bring the material to canteen, and you will have to arrange to collect it from that vehicle.',
    );
    await user.click(screen.getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('given a ride waiting after a breakdown once the material was dropped, then the dialog says it is closed as cancelled, not completed', async () => {
    const { dialog } = await openConfirmation(
      'waiting_for_reassignment',
      times({ start_time: AT, material_pick_time: AT, material_drop_time: AT }),
    );
    expect(dialog).toHaveTextContent(
      'The material was already dropped at canteen before the vehicle broke down. If you cancel, the ride is closed as cancelled instead of completed.',
    );
  });

  it('given a ride waiting after a breakdown before pick-up, then the dialog says nobody will come for the material; Yes cancels', async () => {
    const { dialog, onConfirm, user } = await openConfirmation('waiting_for_reassignment', times({ start_time: AT }));
    expect(dialog).toHaveTextContent(
      'The vehicle broke down before the material was picked up. If you cancel, the ride ends now and no driver will come for the material.',
    );
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('given the step times not read yet, then the dialog still says the vehicle broke down and nobody will take the ride over', async () => {
    const { dialog } = await openConfirmation('waiting_for_reassignment', null);
    expect(dialog).toHaveTextContent(
      'The vehicle carrying out this ride broke down. If you cancel, the ride ends now and no other driver will take it over.',
    );
  });
});
