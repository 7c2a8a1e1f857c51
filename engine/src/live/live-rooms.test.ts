import { describe, expect, it } from 'vitest';
import { foldLiveProfile, roomsFor } from './live-rooms';

const signedUp = {
  type: 'UserSignedUp',
  data: { tokenNo: 'DR01', name: 'Ravi', mobile: '9000000002', role: 'requester', passwordHash: 'x' },
};
const madeDriver = { type: 'UserRoleChanged', data: { tokenNo: 'DR01', role: 'driver', assignedVehicleType: 'Crane' } };

describe('live profile and rooms', () => {
  it('given a sign-up and a role change, then the profile is a driver of that vehicle type', () => {
    expect(foldLiveProfile([signedUp, madeDriver])).toEqual({ role: 'driver', assignedVehicleType: 'Crane', blocked: false });
  });

  it('given a blocked then unblocked account, then the profile follows the last of them', () => {
    expect(foldLiveProfile([signedUp, { type: 'UserBlocked', data: { tokenNo: 'DR01' } }])?.blocked).toBe(true);
    expect(
      foldLiveProfile([signedUp, { type: 'UserBlocked', data: { tokenNo: 'DR01' } }, { type: 'UserUnblocked', data: { tokenNo: 'DR01' } }])
        ?.blocked,
    ).toBe(false);
  });

  it('given no sign-up, then there is no profile', () => {
    expect(foldLiveProfile([madeDriver])).toBeNull();
  });

  it.each([
    ['requester', null, ['user:U1', 'everyone']],
    ['driver', 'Cherry Picker', ['user:U1', 'driver:U1', 'vehicle:Cherry Picker', 'everyone']],
    ['driver', null, ['user:U1', 'driver:U1', 'everyone']],
    ['admin', null, ['user:U1', 'staff', 'everyone']],
    ['maintenanceHead', null, ['user:U1', 'staff', 'everyone']],
  ] as const)('given a %s (vehicle %s), then the rooms are %j', (role, assignedVehicleType, rooms) => {
    expect(roomsFor('U1', { role, assignedVehicleType })).toEqual(rooms);
  });
});
