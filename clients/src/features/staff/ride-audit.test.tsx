import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RideTimelineAnswer, TimelineEvent } from '@plantride/schemas';
import { RideReplay } from './components/ride-replay';
import { actorLabel, auditMomentAt, eventIndexAt, eventLabel, eventNote, scrubberKeyIndex, stepClockText } from './ride-audit';

let position = 0;
const event = (
  type: string,
  minute: number,
  actor: TimelineEvent['actor'],
  status: TimelineEvent['state']['status'],
  data: Record<string, unknown> = {},
): TimelineEvent => {
  position += 1;
  return {
    position,
    streamPosition: position,
    time: `2026-03-14T08:${String(minute).padStart(2, '0')}:00.000Z`,
    actor,
    type,
    data,
    state: { status, value: 'x' },
  };
};
const requester = { tokenNo: 'RQ01', role: 'requester' } as const;
const d1 = { tokenNo: 'FL01', role: 'driver' } as const;
const d2 = { tokenNo: 'FL02', role: 'driver' } as const;

// Ride (b): driver 1 breaks down after picking; driver 2 takes over and finishes.
const events = [
  event('RideRequested', 0, requester, 'requested'),
  event('RideAccepted', 1, d1, 'accepted', { driverId: 'FL01', driverName: 'Ravi' }),
  event('RideStarted', 2, d1, 'started'),
  event('MaterialPicked', 3, d1, 'material picked'),
  event('RideRedistributed', 4, d1, 'waiting_for_reassignment', {
    originalDriverId: 'FL01',
    originalDriverName: 'Ravi',
    resumeState: 'material picked',
  }),
  event('RideTakenOver', 6, d2, 'material picked', { driverId: 'FL02', driverName: 'Asha' }),
  event('MaterialDropped', 7, d2, 'delivered'),
  event('RideEnded', 8, d2, 'completed'),
];

describe('ride audit replay (issue #8, item 6)', () => {
  it('given a drop tapped offline at 08:05 and heard at 08:09, then the tracker shows the tap and the timeline says when it was heard; a tap time not used says why', () => {
    const late = [
      event('RideRequested', 0, requester, 'requested'),
      event('RideAccepted', 1, d1, 'accepted', { driverId: 'FL01', acceptedAt: '2026-03-14T08:01:00.000Z' }),
      event('MaterialDropped', 9, d1, 'delivered', { droppedAt: '2026-03-14T08:05:00.000Z', heardAt: '2026-03-14T08:09:00.000Z' }),
      event('RideEnded', 9, d1, 'completed', {
        endedAt: '2026-03-14T08:09:00.000Z',
        tappedAt: '2026-03-14T07:00:00.000Z',
        tapRefused: 'before the previous step',
      }),
    ];
    expect(auditMomentAt(late, 2).timestamps.material_drop_time).toBe('2026-03-14T08:05:00.000Z');
    expect(stepClockText(late[2]!)).toBe(`Timed at the tap; sent from the phone's queue and heard 14 Mar 2026, 13:39:00`);
    expect(stepClockText(late[3]!)).toBe(
      `The phone's time for the tap, 14 Mar 2026, 12:30:00, was not used (before the previous step): timed when the engine heard it`,
    );
    expect(stepClockText(late[1]!)).toBeNull();
  });

  it('given a ride handed over after a breakdown, when replayed event by event, then the step, times and driver follow it', () => {
    expect(auditMomentAt(events, 0)).toMatchObject({
      step: 1,
      driver: null,
      timestamps: { creation_time: events[0]!.time, accept_time: null },
    });
    expect(auditMomentAt(events, 3)).toMatchObject({ step: 4, driver: { id: 'FL01', name: 'Ravi' }, brokenDown: null });
    // Waiting for another driver: the tracker stays at the step the ride will resume at.
    expect(auditMomentAt(events, 4)).toMatchObject({
      status: 'waiting_for_reassignment',
      step: 4,
      driver: null,
      brokenDown: { id: 'FL01' },
    });
    expect(auditMomentAt(events, 5)).toMatchObject({ step: 4, driver: { id: 'FL02', name: 'Asha' }, brokenDown: { id: 'FL01' } });
    expect(auditMomentAt(events, 7)).toMatchObject({
      step: 6,
      timestamps: { end_time: events[7]!.time, material_pick_time: events[3]!.time },
    });
  });

  it('given a ride booked for later (issue #20), when replayed, then it has no step while scheduled, Requested once released, and its events read in words', () => {
    const later = [
      event('RideRequested', 0, requester, 'scheduled'),
      event('RideReleased', 30, { system: 'timer' }, 'requested'),
      event('RideSlaBreached', 35, { system: 'timer' }, 'requested'),
    ];
    expect(auditMomentAt(later, 0)).toMatchObject({ status: 'scheduled', step: 0 });
    expect(auditMomentAt(later, 1)).toMatchObject({ status: 'requested', step: 1 });
    expect(later.map((e) => eventLabel(e.type))).toEqual(['Ride requested', 'Booked for later: went to drivers', 'Service target missed']);
  });

  it('given offer dispatch events (issue #20), then each reads in words', () => {
    expect(['RideOffered', 'RideOfferDeclined', 'RideOfferExpired', 'RideOfferWithdrawn', 'RideOpenedToAll'].map(eventLabel)).toEqual([
      'Offered to one driver',
      'Driver declined the offer',
      'Offer lapsed unanswered',
      'Offer taken back for an urgent ride',
      'Opened to every driver',
    ]);
  });

  it('given a time between events, when looked up, then it is the last event at or before it', () => {
    expect(eventIndexAt(events, Date.parse('2026-03-14T08:05:30Z'))).toBe(4);
    expect(eventIndexAt(events, Date.parse('2026-03-14T07:00:00Z'))).toBe(0);
    expect(actorLabel(d2)).toBe('FL02 (driver)');
    expect(actorLabel({ system: 'timer' })).toBe('System (timer)');
  });

  it('given the replay screen, when the scrubber is moved back with the keyboard, then the tracker and the driver shown go back with it', async () => {
    const timeline = {
      rideId: 'R1',
      at: null,
      events,
      ride: {
        fromLocation: 'main gate',
        toLocation: 'canteen',
        vehicleType: 'Forklift',
        rideType: 'Regular',
        requester: { tokenNo: 'RQ01', name: 'Meera', mobile: '' },
      },
    } as unknown as RideTimelineAnswer;
    render(<RideReplay timeline={timeline} />);
    const done = () => screen.getAllByRole('listitem').filter((item) => item.dataset.state === 'done').length;
    expect(done()).toBe(6);
    expect(screen.getByTestId('audit-driver')).toHaveTextContent('Driver: Asha (FL02) · vehicle broke down: Ravi (FL01)');
    const slider = screen.getByRole('slider', { name: 'Replay time' });
    slider.focus();
    for (let i = 0; i < 4; i += 1) await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByTestId('audit-moment')).toHaveTextContent('Material picked');
    expect(done()).toBe(4);
    expect(screen.getByTestId('audit-driver')).toHaveTextContent('Driver: Ravi (FL01)');
    await userEvent.click(screen.getByRole('button', { name: 'Next Event' }));
    expect(screen.getByText('Waiting for another driver; the ride resumes at the step shown.')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Ride timeline' }).querySelectorAll('tbody tr')).toHaveLength(8);
  });

  it('given the scrubber in the middle, when Home then End is pressed, then it jumps to the first and then the last event', async () => {
    expect(scrubberKeyIndex('Home', 8)).toBe(0);
    expect(scrubberKeyIndex('End', 8)).toBe(7);
    expect(scrubberKeyIndex('ArrowLeft', 8)).toBeNull();
    expect(scrubberKeyIndex('End', 0)).toBeNull();
    const timeline = {
      rideId: 'R1',
      at: null,
      events,
      ride: {
        fromLocation: 'main gate',
        toLocation: 'canteen',
        vehicleType: 'Forklift',
        rideType: 'Regular',
        requester: { tokenNo: 'RQ01', name: 'Meera', mobile: '' },
      },
    } as unknown as RideTimelineAnswer;
    render(<RideReplay timeline={timeline} />);
    const slider = screen.getByRole('slider', { name: 'Replay time' });
    slider.focus();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(screen.getByTestId('audit-moment')).toHaveTextContent('Vehicle broke down; ride redistributed');
    await userEvent.keyboard('{Home}');
    expect(screen.getByTestId('audit-moment')).toHaveTextContent('Ride requested');
    expect(screen.getByTestId('audit-driver')).toHaveTextContent('Driver: none');
    await userEvent.keyboard('{End}');
    expect(screen.getByTestId('audit-moment')).toHaveTextContent('Ride ended');
  });

  it('given staff assigned the ride, then taken back from another driver (issue #32 item 4), then the replay names the driver, the acceptance time is the first assignment, and the timeline says who gave it to whom and why', () => {
    const head = { tokenNo: 'MH01', role: 'maintenanceHead' } as const;
    const admin = { tokenNo: 'AD01', role: 'admin' } as const;
    const assigned = [
      event('RideRequested', 0, requester, 'requested'),
      event('RideAssigned', 2, head, 'accepted', {
        driverId: 'FL01',
        driverName: 'Ravi',
        fromDriverId: null,
        reason: 'Closest to the gate',
        assignedAt: '2026-03-14T08:02:00.000Z',
      }),
      event('RideAssigned', 5, admin, 'accepted', {
        driverId: 'FL02',
        driverName: 'Asha',
        fromDriverId: 'FL01',
        reason: 'Ravi was called to the yard',
        assignedAt: '2026-03-14T08:05:00.000Z',
      }),
    ];
    expect(auditMomentAt(assigned, 1)).toMatchObject({ driver: { id: 'FL01', name: 'Ravi' } });
    const last = auditMomentAt(assigned, 2);
    expect(last.driver).toEqual({ id: 'FL02', name: 'Asha' });
    expect(last.timestamps.accept_time).toBe('2026-03-14T08:02:00.000Z');
    expect(eventLabel('RideAssigned')).toBe('Staff assigned a driver');
    expect(eventNote(assigned[1]!)).toBe('To Ravi (FL01). Reason: Closest to the gate');
    expect(eventNote(assigned[2]!)).toBe('To Asha (FL02), taken back from FL01. Reason: Ravi was called to the yard');
    expect(actorLabel(assigned[2]!.actor)).toBe('AD01 (admin)');
  });
});
