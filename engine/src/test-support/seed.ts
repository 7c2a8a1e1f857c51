import { randomUUID } from 'node:crypto';
import { DRIVER_ROSTER_STREAM_ID, driverStreamId, userStreamId, type Role, type VehicleType } from '@plantride/schemas';
import type { App } from '../app';
import type { NewEvent } from '../event-store/event-store';

export interface SeedUser {
  tokenNo: string;
  role: Role;
  name?: string;
  mobile?: string;
  vehicleType?: VehicleType;
  /** Drivers get the admin's driver record (DriverAdded) unless this is false. */
  driverRecord?: boolean;
  /** Vehicle registration number on the driver record. */
  vehicle?: string;
}

const seedMetadata = () => ({ commandId: randomUUID(), actor: { system: 'test-seed' } });

/** Appends users' (and drivers' records') events straight to the store (no HTTP) and waits until the read models have them. */
export async function seedUsers(app: App, users: SeedUser[]): Promise<void> {
  let position = 0;
  for (const [index, user] of users.entries()) {
    const name = user.name ?? `User ${user.tokenNo}`;
    const mobile = user.mobile ?? '9000000000';
    const events: NewEvent[] = [
      {
        eventId: randomUUID(),
        type: 'UserSignedUp',
        schemaVersion: 1,
        data: { tokenNo: user.tokenNo, name, mobile, role: 'requester', passwordHash: 'not-a-real-hash' },
      },
    ];
    if (user.role !== 'requester' || user.vehicleType) {
      events.push({
        eventId: randomUUID(),
        type: 'UserRoleChanged',
        schemaVersion: 1,
        data: { tokenNo: user.tokenNo, role: user.role, assignedVehicleType: user.vehicleType ?? null },
      });
    }
    ({ position } = await app.eventStore.append(userStreamId(user.tokenNo), 0, events, seedMetadata()));
    if (user.role === 'driver' && user.driverRecord !== false) {
      const record = {
        operatorId: user.tokenNo,
        serial: index + 1,
        vehicle: user.vehicle ?? `MH12 ${String(index + 1).padStart(4, '0')}`,
        name,
        mobile,
        role: 'Driver',
        forklift: String((index % 99) + 1),
        status: 'Active',
        comments: '',
        vehicleAssigned: user.vehicleType ?? '',
        createdAt: new Date().toISOString(),
      };
      // As an add writes it: the serial issued on the roster too, so the next add through the API follows on, and the driver counted for bookings.
      ({ position } = await app.eventStore.appendToStreams(
        [
          {
            streamId: driverStreamId(user.tokenNo),
            expectedVersion: 0,
            events: [{ eventId: randomUUID(), type: 'DriverAdded', schemaVersion: 1, data: record }],
          },
          {
            streamId: DRIVER_ROSTER_STREAM_ID,
            expectedVersion: 'any',
            events: [
              {
                eventId: randomUUID(),
                type: 'DriverSerialIssued',
                schemaVersion: 1,
                data: { operatorId: user.tokenNo, serial: record.serial },
              },
              ...(user.vehicleType
                ? [
                    {
                      eventId: randomUUID(),
                      type: 'DriverCounted',
                      schemaVersion: 1,
                      data: { operatorId: user.tokenNo, vehicleType: user.vehicleType },
                    },
                  ]
                : []),
            ],
          },
        ],
        seedMetadata(),
      ));
    }
  }
  if (!(await app.projections.waitForPosition(position, 10_000))) throw new Error('read models did not catch up with the seeded users');
}
