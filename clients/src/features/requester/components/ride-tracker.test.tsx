import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RIDE_STATUSES, type RideStatus } from '@plantride/schemas';
import { BOOKING_STEPS, DASHBOARD_STEPS, bookingTrackerStep, dashboardTrackerStep } from '../ride-steps';
import { RideTracker } from '../../../components/ride-tracker';

function doneSteps(): string[] {
  return screen
    .getAllByRole('listitem')
    .filter((item) => item.dataset.state === 'done')
    .map((item) => within(item).getByText(/\w/, { selector: '.MuiStepLabel-label' }).firstChild?.textContent ?? '');
}

function currentStep(): string | null {
  const current = screen.getAllByRole('listitem').find((item) => item.getAttribute('aria-current') === 'step');
  return current ? (current.querySelector('.MuiStepLabel-label')?.firstChild?.textContent ?? null) : null;
}

describe('six-step tracker of the booking screens (SPEC §4)', () => {
  const expected: Record<RideStatus, number> = {
    requested: 1,
    accepted: 2,
    started: 3,
    'material picked': 4,
    delivered: 5,
    completed: 6,
    cancelled: 0,
    waiting_for_reassignment: 0,
    redistributed_due_to_maintenance: 0,
    // Booked for later: no step until it goes to drivers.
    scheduled: 0,
  };

  it.each(RIDE_STATUSES.map((s) => [s, expected[s]] as const))(
    'given status %j, when the tracker shows it, then the first %i steps are done and the last done one is current',
    (status, step) => {
      expect(bookingTrackerStep(status)).toBe(step);
      render(<RideTracker steps={BOOKING_STEPS} step={bookingTrackerStep(status)} label="Ride progress" />);
      expect(screen.getAllByRole('listitem')).toHaveLength(6);
      expect(doneSteps()).toEqual(BOOKING_STEPS.slice(0, step).map((s) => s.label));
      expect(currentStep()).toBe(step === 0 ? null : BOOKING_STEPS[step - 1]?.label);
    },
  );

  it('given an unknown or missing status, when mapped, then it is step 0', () => {
    expect(bookingTrackerStep('teleported')).toBe(0);
    expect(bookingTrackerStep(null)).toBe(0);
  });

  it('given the times of a finished ride, when the tracker shows it, then every step carries its time as dd MMM yyyy, HH:mm on the plant clock', () => {
    const at = '2026-03-14T08:35:09.000Z';
    render(
      <RideTracker
        steps={BOOKING_STEPS}
        step={6}
        acceptedAt={at}
        timestamps={{ creation_time: at, accept_time: at, start_time: at, material_pick_time: at, material_drop_time: at, end_time: at }}
        label="Ride progress"
      />,
    );
    for (let n = 1; n <= 6; n += 1) expect(screen.getByTestId(`step-time-${n}`)).toHaveTextContent('14 Mar 2026, 14:05');
  });
});

describe('four-step tracker of the requester dashboard (SPEC §4)', () => {
  it.each([
    ['requested', 1, ['Requested']],
    ['accepted', 2, ['Requested', 'Driver Assigned']],
    ['started', 2, ['Requested', 'Driver Assigned']],
    ['material picked', 3, ['Requested', 'Driver Assigned', 'Material Picked']],
    ['delivered', 4, ['Requested', 'Driver Assigned', 'Material Picked', 'Delivered']],
    ['completed', 5, ['Requested', 'Driver Assigned', 'Material Picked', 'Delivered']],
    ['cancelled', 0, []],
    ['waiting_for_reassignment', 0, []],
  ] as const)('given status %j, when the dashboard tracker shows it, then it is step %i', (status, step, done) => {
    expect(dashboardTrackerStep(status)).toBe(step);
    render(<RideTracker steps={DASHBOARD_STEPS} step={dashboardTrackerStep(status)} label="Ride progress" />);
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    expect(doneSteps()).toEqual(done);
  });
});
