import { describe, expect, it } from 'vitest';
import type { TimelineEvent } from '@plantride/schemas';
import { actorText, keyData } from './timeline-table';

// Issue #32 item 4: the replay command's table shows staff's assignment with who gave it, to whom, from whom and why.
const assigned = (fromDriverId: string | null): TimelineEvent => ({
  position: 3,
  streamPosition: 2,
  time: '2026-03-14T08:02:00.000Z',
  actor: { tokenNo: 'MH01', role: 'maintenanceHead' },
  type: 'RideAssigned',
  data: {
    rideId: 'R1',
    driverId: 'FL02',
    driverName: 'Asha',
    driverMobile: '9000000003',
    vehicleNumber: 'MH12 7',
    fromDriverId,
    assignedBy: 'MH01',
    reason: 'Closest to the gate',
    assignedAt: '2026-03-14T08:02:00.000Z',
  },
  state: { status: 'accepted', value: { inProgress: 'accepted' } },
});

describe('the replay table reads an assignment', () => {
  it('given a waiting ride assigned, then its details name the staff member, the driver and the reason', () => {
    expect(actorText(assigned(null).actor)).toBe('MH01 (maintenanceHead)');
    expect(keyData(assigned(null))).toBe('by MH01 to driver FL02 Asha, vehicle MH12 7: "Closest to the gate"');
  });

  it('given a ride taken back from a driver, then its details say from whom', () => {
    expect(keyData(assigned('FL01'))).toBe(
      'by MH01 to driver FL02 Asha, vehicle MH12 7, taken back from driver FL01: "Closest to the gate"',
    );
  });
});
