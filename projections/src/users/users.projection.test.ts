import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { projectionSpec } from '../../../engine/src/test-support/projection-spec';
import { recordedEvents, redeliver } from '../../../engine/src/test-support/redelivery';
import { testStoreKinds } from '../../../engine/src/test-support/test-database';
import { TEST_PASSWORD_HASH, userEvents as u } from '../../../engine/src/test-support/user-events';
import { driversProjection } from '../drivers/drivers.projection';
import { driverEvents } from '../../../engine/src/test-support/driver-events';
import { usersProjection } from './users.projection';
import { findUser, pendingDriverRegistrations } from './users.queries';

describe.each(testStoreKinds())('users read model on %s', (kind) => {
  let spec: Awaited<ReturnType<typeof projectionSpec>>;
  beforeEach(async () => {
    spec = await projectionSpec(kind, usersProjection, driversProjection);
  });
  afterEach(() => spec.dispose());

  const user = (tokenNo = 'AB12') => findUser(spec.db, tokenNo);

  it('given a sign-up, then the account is a row of its token, name, mobile and role, unblocked, created when it was recorded', async () => {
    await spec.given(u.signedUp('AB12', { name: 'Asha Rao', mobile: '9123456780', role: 'requester' }));
    const [signedUp] = await recordedEvents(spec.database);
    expect(await user()).toEqual({
      token_no: 'AB12',
      name: 'Asha Rao',
      mobile: '9123456780',
      role: 'requester',
      assigned_vehicle_type: null,
      is_blocked: false,
      driver_registration: null,
      created_at: signedUp!.recordedAt,
      last_position: 1,
    });
  });

  it('given sign-ups waiting as drivers, when one is approved and one rejected, then only the waiting one is listed, with the record it claims, and no code or hash is in any row', async () => {
    await spec.given(
      u.signedUp('AB12'),
      u.registrationRequested('AB12'),
      u.signedUp('CD34'),
      u.registrationRequested('CD34'),
      u.signedUp('EF56'),
      u.registrationRequested('EF56'),
      u.resetCodeIssued('EF56'),
      u.passwordReset('EF56', 'scrypt$new-hash'),
      driverEvents.added('EF56', 0, { name: 'Ravi Kumar', vehicleAssigned: 'Crane' }),
    );
    expect((await pendingDriverRegistrations(spec.db)).map((row) => row.token_no)).toEqual(['AB12', 'CD34', 'EF56']);
    await spec.given(u.registrationApproved('AB12'), u.roleChanged('AB12', 'driver', 'Crane'), u.registrationRejected('CD34'));
    const pending = await pendingDriverRegistrations(spec.db);
    expect(pending).toEqual([
      expect.objectContaining({ token_no: 'EF56', name: 'User EF56', record_name: 'Ravi Kumar', vehicle_assigned: 'Crane' }),
    ]);
    expect(await user('AB12')).toMatchObject({ role: 'driver', driver_registration: 'approved' });
    expect(await user('CD34')).toMatchObject({ role: 'requester', driver_registration: 'rejected' });
    expect(JSON.stringify([await user('EF56'), pending])).not.toMatch(/test-code-hash|scrypt\$new-hash/);
  });

  it('given a sign-up with a password hash, then no column of the row holds it', async () => {
    await spec.given(u.signedUp('AB12'));
    const row = await user();
    expect(Object.keys(row!).some((column) => /password|hash/i.test(column))).toBe(false);
    expect(Object.values(row!)).not.toContain(TEST_PASSWORD_HASH);
  });

  it('given a sign-up without name or mobile, then both stay empty', async () => {
    await spec.given(u.signedUp('AB12', { name: '', mobile: '' }));
    expect(await user()).toMatchObject({ name: '', mobile: '' });
  });

  it('given a requester, when an admin makes him a driver of a vehicle type, then his role and assigned type change', async () => {
    await spec.given(u.signedUp('AB12'), u.roleChanged('AB12', 'driver', 'Crane'));
    expect(await user()).toMatchObject({ role: 'driver', assigned_vehicle_type: 'Crane' });
  });

  it('given a driver, when an admin makes him a requester again, then his assigned type is cleared', async () => {
    await spec.given(u.signedUp('AB12'), u.roleChanged('AB12', 'driver', 'Forklift'), u.roleChanged('AB12', 'requester'));
    expect(await user()).toMatchObject({ role: 'requester', assigned_vehicle_type: null });
  });

  it('given an account, when its profile is updated, then name and mobile change and the rest stays', async () => {
    await spec.given(u.signedUp('AB12', { role: 'maintenanceHead' }), u.profileUpdated('AB12', 'Ravi Kumar', '9988776655'));
    expect(await user()).toMatchObject({ name: 'Ravi Kumar', mobile: '9988776655', role: 'maintenanceHead', is_blocked: false });
  });

  it('given an account, when an admin blocks it, then it is blocked, and when he unblocks it, then it is not', async () => {
    await spec.given(u.signedUp('AB12'), u.blocked('AB12'));
    expect(await user()).toMatchObject({ is_blocked: true });
    await spec.given(u.unblocked('AB12'));
    expect(await user()).toMatchObject({ is_blocked: false, last_position: 3 });
  });

  it('given an account, when its user signs out, then only the position applied moves', async () => {
    await spec.given(u.signedUp('AB12'), u.blocked('AB12'));
    const before = await user();
    await spec.given(u.signedOut('AB12'));
    expect(await user()).toEqual({ ...before, last_position: 3 });
  });

  it('given two accounts, then each event changes only its own row', async () => {
    await spec.given(u.signedUp('AB12'), u.signedUp('CD34', { role: 'admin' }), u.blocked('CD34'), u.roleChanged('AB12', 'driver', 'AMR'));
    expect(await user('AB12')).toMatchObject({ role: 'driver', assigned_vehicle_type: 'AMR', is_blocked: false });
    expect(await user('CD34')).toMatchObject({ role: 'admin', assigned_vehicle_type: null, is_blocked: true });
    expect(await user('EF56')).toBeUndefined();
  });

  it('given an account changed since sign-up, when its older events are applied again past the checkpoint, then its row is unchanged', async () => {
    await spec.given(
      u.signedUp('AB12'),
      u.roleChanged('AB12', 'driver', 'Forklift'),
      u.blocked('AB12'),
      u.profileUpdated('AB12', 'New Name', '9000000009'),
      u.unblocked('AB12'),
      u.roleChanged('AB12', 'admin'),
    );
    const before = await user();
    await spec.given();
    expect(await user()).toEqual(before);
    for (const type of ['UserSignedUp', 'UserRoleChanged', 'UserBlocked']) {
      await redeliver(spec.database, [usersProjection], (event) => event.type === type);
      expect(await user(), `after ${type} again`).toEqual(before);
    }
    expect(before).toMatchObject({ role: 'admin', assigned_vehicle_type: null, is_blocked: false, name: 'New Name' });
  });
});
