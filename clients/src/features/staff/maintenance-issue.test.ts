import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@plantride/schemas';
import { maintenanceIssueOf, midRideLabel } from './maintenance-issue';

describe('the Issue a maintenance head reads', () => {
  it('given a request filed mid-ride (no reason chosen), then it shows what the driver wrote and the ride, not N/A', () => {
    const issue = maintenanceIssueOf({ ISSUE: '', COMMENT_TEXT: ' Engine died near the gate ', RIDE_ID: 'R7' });
    expect(issue).toEqual({ text: 'Engine died near the gate', midRideOf: 'R7' });
    expect(midRideLabel(issue)).toBe('Mid-ride, ride R7');
  });

  it('given a request filed between rides, then the chosen reason shows and it is not labelled mid-ride', () => {
    const issue = maintenanceIssueOf({ ISSUE: 'Hydraulic Problem', COMMENT_TEXT: 'leaks', RIDE_ID: null });
    expect(issue).toEqual({ text: 'Hydraulic Problem', midRideOf: null });
    expect(midRideLabel(issue)).toBeNull();
  });

  it('given neither a reason nor a ride, then it is N/A', () => {
    expect(maintenanceIssueOf({ ISSUE: '', COMMENT_TEXT: 'x', RIDE_ID: null }).text).toBe(MESSAGES.notAvailable);
    expect(maintenanceIssueOf({ ISSUE: '', COMMENT_TEXT: '  ', RIDE_ID: 'R1' }).text).toBe(MESSAGES.notAvailable);
  });
});
