import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { driverEvents as d } from '../../../engine/src/test-support/driver-events';
import { at } from '../../../engine/src/test-support/event-builder';
import { maintenanceEvents as m } from '../../../engine/src/test-support/maintenance-events';
import { projectionSpec } from '../../../engine/src/test-support/projection-spec';
import { recordedEvents, redeliver } from '../../../engine/src/test-support/redelivery';
import { testStoreKinds } from '../../../engine/src/test-support/test-database';
import { userEvents as u } from '../../../engine/src/test-support/user-events';
import { driversProjection } from '../drivers/drivers.projection';
import { usersProjection } from '../users/users.projection';
import { maintenanceProjection } from './maintenance.projection';
import { findMaintenanceRequest, listMaintenanceRequests } from './maintenance.queries';

const time = (minute: number) => new Date(at(minute));

describe.each(testStoreKinds())('maintenance requests read model on %s', (kind) => {
  let spec: Awaited<ReturnType<typeof projectionSpec>>;
  beforeEach(async () => {
    spec = await projectionSpec(kind, maintenanceProjection, driversProjection, usersProjection);
  });
  afterEach(() => spec.dispose());

  const request = (requestId = 'M1') => findMaintenanceRequest(spec.db, requestId);

  describe('rows', () => {
    it('given a request filed, then its row is the request as sent, pending', async () => {
      await spec.given(
        m.requested('M1', 'FL01', 0, {
          vehicleType: 'AMR',
          vehicleNumber: 'MH12 AB 1234',
          issue: 'Engine Issue',
          commentText: 'smoke on start',
          breakdownType: 'full',
        }),
      );
      expect(await request()).toEqual({
        request_id: 'M1',
        driver_id: 'FL01',
        driver_name: 'Driver FL01',
        vehicle_type: 'AMR',
        issue: 'Engine Issue',
        comment_text: 'smoke on start',
        driver_comment: 'smoke on start',
        head_notes: null,
        vehicle_number: 'MH12 AB 1234',
        inspection_due: false,
        status: 'pending',
        breakdown_type: 'full',
        ride_id: null,
        requested_at: time(0),
        accepted_at: null,
        rejected_at: null,
        rejection_reason: null,
        maintenance_date: null,
        photo_ids: '[]',
        last_position: 1,
      });
    });

    it('given a request filed with photos (issue #34), then its row names them, in order', async () => {
      await spec.given(
        m.requested('M1', 'FL01', 0, { photoIds: ['0b7f3a52-6c1e-4d8a-9f10-2a3b4c5d6e7f', '1c8e4b63-7d2f-4e9b-8a21-3b4c5d6e7f80'] }),
      );
      expect(JSON.parse((await request())!.photo_ids)).toEqual([
        '0b7f3a52-6c1e-4d8a-9f10-2a3b4c5d6e7f',
        '1c8e4b63-7d2f-4e9b-8a21-3b4c5d6e7f80',
      ]);
    });

    it('given a request filed mid-ride, then it keeps the ride and the partial breakdown; given one with no breakdown, then it has none', async () => {
      await spec.given(
        m.requested('M1', 'FL01', 0, { rideId: 'R1', breakdownType: 'partial', issue: '' }),
        m.requested('M2', 'FL02', 1, { breakdownType: null }),
      );
      expect(await request('M1')).toMatchObject({ ride_id: 'R1', breakdown_type: 'partial', issue: '' });
      expect(await request('M2')).toMatchObject({ ride_id: null, breakdown_type: null });
    });

    it('given a pending request, when the maintenance head accepts it, then it is accepted at that time', async () => {
      await spec.given(m.requested('M1', 'FL01', 0), m.accepted('M1', 4));
      expect(await request()).toMatchObject({ status: 'accepted', accepted_at: time(4), rejected_at: null, maintenance_date: null });
    });

    it("given a request, when the maintenance head edits its comment, then the comment and his notes change and the driver's report stays", async () => {
      await spec.given(m.requested('M1', 'FL01', 0), m.accepted('M1', 1), m.commentEdited('M1', 'new seals ordered', 2));
      expect(await request()).toMatchObject({
        status: 'accepted',
        comment_text: 'new seals ordered',
        head_notes: 'new seals ordered',
        issue: 'Hydraulic Problem',
        driver_comment: 'leaking near the mast',
      });
    });

    it("given the head's notes, when the request is rejected, then the notes, the reason and the driver's report are each kept", async () => {
      await spec.given(
        m.requested('M1', 'FL01', 0, { issue: 'Mast chain snapped', commentText: 'load dropped' }),
        m.commentEdited('M1', 'seen it twice this week', 1),
        m.rejected('M1', 'FL01', 'Duplicate', 2),
      );
      expect(await request()).toMatchObject({
        issue: 'Mast chain snapped',
        driver_comment: 'load dropped',
        head_notes: 'seen it twice this week',
        rejection_reason: 'Duplicate',
        comment_text: 'REJECTED: Duplicate',
      });
    });

    it("given rows projected before the driver's-report columns, when the migration runs, then each takes the driver's comment, registration and the head's last notes among the events it had applied", async () => {
      await spec.given(
        m.requested('M1', 'FL01', 0, { commentText: 'chain snapped', vehicleNumber: 'MH12 AB 1000' }),
        m.commentEdited('M1', 'seen twice', 1),
        m.commentEdited('M1', 'REJECTED: duplicate', 2),
        m.rejected('M1', 'FL01', 'duplicate', 3),
        m.requested('M2', 'FL02', 4, { commentText: 'horn' }),
        m.commentEdited('M2', 'first note', 5),
        m.commentEdited('M2', 'second note', 6),
      );
      await sql`alter table maintenance_requests drop column driver_comment, drop column head_notes, drop column vehicle_number, drop column inspection_due`.execute(
        spec.db,
      );
      // As if M2's row had applied its first note only (the runner applies the second after the migration).
      await sql`update maintenance_requests set last_position = case request_id when 'M2' then 2 else last_position end`.execute(spec.db);
      await maintenanceProjection.migrations['0002_driver_report_and_head_notes']!.up(spec.db);
      const rows = await spec.db
        .selectFrom('maintenance_requests')
        .select(['request_id', 'driver_comment', 'head_notes', 'vehicle_number', 'inspection_due'])
        .orderBy('request_id')
        .execute();
      expect(rows).toEqual([
        {
          request_id: 'M1',
          driver_comment: 'chain snapped',
          head_notes: 'seen twice',
          vehicle_number: 'MH12 AB 1000',
          inspection_due: false,
        },
        { request_id: 'M2', driver_comment: 'horn', head_notes: 'first note', vehicle_number: null, inspection_due: false },
      ]);
    });

    it('given a pending request, when it is rejected with a reason, then its comment reads REJECTED: and the reason', async () => {
      await spec.given(m.requested('M1', 'FL01', 0), m.rejected('M1', 'FL01', 'no fault found', 3));
      expect(await request()).toMatchObject({
        status: 'rejected',
        rejected_at: time(3),
        rejection_reason: 'no fault found',
        comment_text: 'REJECTED: no fault found',
        accepted_at: null,
      });
    });

    it('given the client wrote the REJECTED: comment first, when the rejection follows, then the prefix shows once', async () => {
      await spec.given(
        m.requested('M1', 'FL01', 0),
        m.commentEdited('M1', 'REJECTED: driver error', 2),
        m.rejected('M1', 'FL01', 'driver error', 3),
      );
      expect(await request()).toMatchObject({
        status: 'rejected',
        rejection_reason: 'driver error',
        comment_text: 'REJECTED: driver error',
        head_notes: null,
      });
    });

    it('given a rejection whose reason already carries the prefix, then the comment is not prefixed twice', async () => {
      await spec.given(m.requested('M1', 'FL01', 0), m.rejected('M1', 'FL01', 'REJECTED: duplicate request', 3));
      expect(await request()).toMatchObject({ comment_text: 'REJECTED: duplicate request' });
    });

    it('given an accepted request, when it is completed, then it is completed with the maintenance date and keeps its acceptance', async () => {
      await spec.given(m.requested('M1', 'FL01', 0), m.accepted('M1', 1), m.completed('M1', 'FL01', 50));
      expect(await request()).toMatchObject({
        status: 'completed',
        accepted_at: time(1),
        maintenance_date: time(50),
        rejected_at: null,
        comment_text: 'leaking near the mast',
        last_position: 3,
      });
    });

    it('given a request moved on, when its older events are applied again past the checkpoint, then its row is unchanged', async () => {
      await spec.given(
        m.requested('M1', 'FL01', 0),
        m.commentEdited('M1', 'first note', 1),
        m.accepted('M1', 2),
        m.commentEdited('M1', 'second note', 3),
        m.completed('M1', 'FL01', 4),
      );
      const before = await request();
      await spec.given();
      expect(await request()).toEqual(before);
      for (const type of ['MaintenanceRequested', 'MaintenanceAccepted', 'MaintenanceCommentEdited']) {
        await redeliver(spec.database, [maintenanceProjection], (event) => event.type === type);
        expect(await request(), `after ${type} again`).toEqual(before);
      }
      expect(before).toMatchObject({ status: 'completed', comment_text: 'second note' });
    });
  });

  describe('the list', () => {
    it('given requests filed at different times, then they are listed newest first, ties by request id', async () => {
      await spec.given(
        m.requested('M3', 'FL01', 1),
        m.requested('M2', 'FL02', 5),
        m.requested('M1', 'FL03', 5),
        m.requested('M4', 'FL04', 3),
      );
      expect((await listMaintenanceRequests(spec.db)).map((row) => row.request_id)).toEqual(['M1', 'M2', 'M4', 'M3']);
    });

    it('given drivers with a record, with only an account, and with neither, then each request shows the mobile and role it can find', async () => {
      await spec.given(
        d.added('FL01', 0, { mobile: '9111111111' }),
        u.signedUp('FL01', { mobile: '9222222222', role: 'driver' }),
        u.signedUp('FL02', { mobile: '9333333333', role: 'driver' }),
        m.requested('M1', 'FL01', 1),
        m.requested('M2', 'FL02', 2),
        m.requested('M3', 'FL03', 3),
      );
      const byId = new Map((await listMaintenanceRequests(spec.db)).map((row) => [row.request_id, row]));
      expect(byId.get('M1')).toMatchObject({ driver_id: 'FL01', mobile: '9111111111', role: 'Driver', status: 'pending' });
      expect(byId.get('M2')).toMatchObject({ driver_id: 'FL02', mobile: '9333333333', role: null });
      expect(byId.get('M3')).toMatchObject({ driver_id: 'FL03', mobile: null, role: null, last_maintenance_date: null });
    });

    it("given requests filed under names other than the drivers' records, then each is listed under his record's name as it is now, else his account's, else the name it was filed with", async () => {
      await spec.given(
        d.added('FL01', 0, { name: 'Ravi Kumar' }),
        u.signedUp('FL01', { name: 'Ravi K', role: 'driver' }),
        u.signedUp('FL02', { name: 'Meena Rao', role: 'driver' }),
        m.requested('M1', 'FL01', 1, { driverName: 'Someone Else' }),
        m.requested('M2', 'FL02', 2, { driverName: 'Someone Else' }),
        m.requested('M3', 'FL03', 3, { driverName: 'Anil Shah' }),
      );
      const names = async () => new Map((await listMaintenanceRequests(spec.db)).map((row) => [row.request_id, row.driver_name]));
      expect(Object.fromEntries(await names())).toEqual({ M1: 'Ravi Kumar', M2: 'Meena Rao', M3: 'Anil Shah' });
      // The request row itself keeps what was filed: the event is the record of it.
      expect(await request('M1')).toMatchObject({ driver_name: 'Someone Else' });

      await spec.given(d.updated('FL01', 0, { name: 'Ravi Kumar Patil' }), u.profileUpdated('FL02', 'Meena R Rao', '9000000009'));
      expect(Object.fromEntries(await names())).toEqual({ M1: 'Ravi Kumar Patil', M2: 'Meena R Rao', M3: 'Anil Shah' });
    });

    it("given a driver's completed requests, then every request of his shows the latest maintenance date as his last maintenance", async () => {
      await spec.given(
        d.added('FL01'),
        m.requested('M1', 'FL01', 0),
        m.accepted('M1', 1),
        m.completed('M1', 'FL01', 20),
        m.requested('M2', 'FL01', 30),
        m.accepted('M2', 31),
        m.completed('M2', 'FL01', 40),
        m.requested('M3', 'FL01', 50),
        m.rejected('M3', 'FL01', 'not needed', 51),
        m.requested('M4', 'FL02', 52),
        m.accepted('M4', 53),
      );
      const rows = await listMaintenanceRequests(spec.db);
      expect(rows.map((row) => [row.request_id, row.status, row.last_maintenance_date])).toEqual([
        ['M4', 'accepted', null],
        ['M3', 'rejected', time(40)],
        ['M2', 'completed', time(40)],
        ['M1', 'completed', time(40)],
      ]);
    });

    it('given a driver whose record says when he was last maintained but no completed request, then his requests show that date', async () => {
      await spec.given(
        d.added('FL01'),
        d.blockedForMaintenance('FL01', 'M0'),
        d.unblocked('FL01', 'maintenance_completed'),
        m.requested('M1', 'FL01', 10),
      );
      const unblockedAt = (await recordedEvents(spec.database)).find((event) => event.type === 'DriverUnblocked')!.recordedAt;
      expect(await listMaintenanceRequests(spec.db)).toMatchObject([{ request_id: 'M1', last_maintenance_date: unblockedAt }]);
    });
  });
});
