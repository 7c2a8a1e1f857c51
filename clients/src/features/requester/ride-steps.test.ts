import { describe, expect, it } from 'vitest';
import type { RideTimestamps } from '@plantride/schemas';
import { bookingStepOf, dashboardStepOf, rideTabTitle } from './ride-steps';

const at = '2026-11-26T10:00:00.000Z';
const times = (reached: Array<keyof RideTimestamps>): RideTimestamps => ({
  creation_time: at,
  accept_time: reached.includes('accept_time') ? at : null,
  start_time: reached.includes('start_time') ? at : null,
  material_pick_time: reached.includes('material_pick_time') ? at : null,
  material_drop_time: reached.includes('material_drop_time') ? at : null,
  end_time: null,
});

describe('the requester tracker through a breakdown', () => {
  it('given a ride waiting for another driver after pick-up, when its step is worked out, then Requested to Material Picked stay done', () => {
    expect(bookingStepOf('waiting_for_reassignment', times(['accept_time', 'start_time', 'material_pick_time']))).toBe(4);
    expect(dashboardStepOf('waiting_for_reassignment', times(['accept_time', 'start_time', 'material_pick_time']))).toBe(3);
  });

  it("given a ride that broke down before it started, then Requested and Driver Assigned stay done (the browser's accept time when the engine has none)", () => {
    expect(bookingStepOf('waiting_for_reassignment', times(['accept_time']))).toBe(2);
    expect(bookingStepOf('waiting_for_reassignment', times([]), at)).toBe(2);
    expect(dashboardStepOf('waiting_for_reassignment', times(['accept_time', 'start_time']))).toBe(2);
  });

  it('given no step times yet, then Requested alone stays done, never every step grey', () => {
    expect(bookingStepOf('waiting_for_reassignment', null)).toBe(1);
    expect(dashboardStepOf('waiting_for_reassignment', null)).toBe(1);
  });

  it("given a ride not waiting, then the spec's step from its status holds whatever the times say", () => {
    expect(bookingStepOf('material picked', times([]))).toBe(4);
    expect(bookingStepOf('cancelled', times(['accept_time', 'start_time']))).toBe(0);
    expect(dashboardStepOf('delivered', null)).toBe(4);
  });
});

describe('rideTabTitle', () => {
  it("names the ride's state before the app", () => {
    expect(rideTabTitle('material picked')).toBe('Picked up · PlantRide');
    expect(rideTabTitle('waiting_for_reassignment')).toBe('Vehicle broke down · PlantRide');
    expect(rideTabTitle(null)).toBe('PlantRide');
  });
});
