import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@plantride/schemas';
import { closeWarningOf, driverReportOf, midRideLabel, returnToServiceNote } from './maintenance-issue';

describe("the driver's report a maintenance head reads", () => {
  it('given a request filed mid-ride (no reason chosen), then its issue is what the driver wrote, once, with the ride, not N/A', () => {
    const report = driverReportOf({ ISSUE: '', DRIVER_COMMENT: ' Mast chain snapped ', RIDE_ID: 'R7' });
    expect(report).toEqual({ issue: 'Mast chain snapped', comment: null, midRideOf: 'R7' });
    expect(midRideLabel(report)).toBe('Mid-ride, ride');
  });

  it('given a request filed between rides, then the chosen reason and his comment show and it is not labelled mid-ride', () => {
    const report = driverReportOf({ ISSUE: 'Hydraulic Problem', DRIVER_COMMENT: 'leaks', RIDE_ID: null });
    expect(report).toEqual({ issue: 'Hydraulic Problem', comment: 'leaks', midRideOf: null });
    expect(midRideLabel(report)).toBeNull();
  });

  it('given neither a reason nor a ride, or a mid-ride request with no words, then the issue is N/A', () => {
    expect(driverReportOf({ ISSUE: '', DRIVER_COMMENT: 'x', RIDE_ID: null })).toEqual({
      issue: MESSAGES.notAvailable,
      comment: 'x',
      midRideOf: null,
    });
    expect(driverReportOf({ ISSUE: '', DRIVER_COMMENT: '  ', RIDE_ID: 'R1' }).issue).toBe(MESSAGES.notAvailable);
  });
});

describe('what a closed request says of the vehicle', () => {
  it('given a close that left an inspection due, then it says the vehicle is back after a passed inspection; otherwise nothing', () => {
    expect(returnToServiceNote({ STATUS: 'rejected', INSPECTION_DUE: true })).toBe(
      'Back in service after the driver passes a vehicle inspection.',
    );
    expect(returnToServiceNote({ STATUS: 'completed', INSPECTION_DUE: false })).toBeNull();
    expect(returnToServiceNote({ STATUS: 'pending', INSPECTION_DUE: false })).toBeNull();
  });
});

describe('what the Reject and Mark Complete dialogs say of the vehicle', () => {
  it('given a request that took its vehicle out of service, then when the server says a close leaves an inspection due the driver must pass one first; when not, the head must confirm he checked it', () => {
    const row = { OUT_OF_SERVICE: true, VEHICLE_NUMBER: 'MH12 AB 1234' };
    expect(closeWarningOf({ ...row, INSPECTION_DUE_ON_CLOSE: true })).toEqual({
      text: 'Vehicle MH12 AB 1234 was taken out of service. The driver is released, but takes rides again only after he passes a vehicle inspection.',
      needsCheck: false,
    });
    expect(closeWarningOf({ ...row, INSPECTION_DUE_ON_CLOSE: false })).toMatchObject({ needsCheck: true });
  });

  it('given a request that did not take its vehicle out of service, then nothing more is said or asked', () => {
    expect(closeWarningOf({ OUT_OF_SERVICE: false, INSPECTION_DUE_ON_CLOSE: false, VEHICLE_NUMBER: null })).toBeNull();
  });
});
