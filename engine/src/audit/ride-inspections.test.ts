import { describe, expect, it } from 'vitest';
import { plantDayOf, type VehicleInspected } from '@plantride/schemas';
import { inspectionAtTake, rideInspections } from './ride-inspections';

const inspection = (inspectionId: string, inspectedAt: string, passed = true): VehicleInspected['data'] => ({
  inspectionId,
  operatorId: 'D001',
  vehicleType: 'Forklift',
  vehicleNumber: 'MH12',
  day: plantDayOf(inspectedAt),
  items: [{ id: 'brakes', text: 'Brakes work', critical: true, ok: passed, note: passed ? null : 'soft' }],
  passed,
  inspectedAt,
});

describe('the inspection a ride audit shows for a driver', () => {
  // Plant time is UTC+05:30: 2026-03-02 runs from 2026-03-01T18:30Z to 2026-03-02T18:30Z.
  const history = [
    inspection('YESTERDAY', '2026-03-01T10:00:00.000Z'),
    inspection('EARLY', '2026-03-01T19:00:00.000Z', false),
    inspection('LATER', '2026-03-02T04:00:00.000Z'),
    inspection('AFTER', '2026-03-02T06:00:00.000Z'),
  ];

  it('given inspections before, on and after the plant day he took the ride, then his latest that day at or before taking it counts', () => {
    expect(inspectionAtTake({ operatorId: 'D001', takenAt: '2026-03-02T05:00:00.000Z' }, history)).toEqual({
      inspectionId: 'LATER',
      day: '2026-03-02',
      passed: true,
      inspectedAt: '2026-03-02T04:00:00.000Z',
      defects: [],
      photoIds: [],
    });
    expect(inspectionAtTake({ operatorId: 'D001', takenAt: '2026-03-02T04:00:00.000Z' }, history)?.inspectionId).toBe('LATER');
    expect(inspectionAtTake({ operatorId: 'D001', takenAt: '2026-03-01T20:00:00.000Z' }, history)).toMatchObject({
      inspectionId: 'EARLY',
      passed: false,
      defects: ['Brakes work'],
    });
  });

  it('given a failed item with photos (issue #34), then the audit links them with its defects', () => {
    const failed = inspection('PHOTOS', '2026-03-02T04:00:00.000Z', false);
    const withPhotos = { ...failed, items: failed.items.map((item) => ({ ...item, photoIds: ['p1', 'p2'] })) };
    expect(inspectionAtTake({ operatorId: 'D001', takenAt: '2026-03-02T05:00:00.000Z' }, [withPhotos])).toMatchObject({
      defects: ['Brakes work'],
      photoIds: ['p1', 'p2'],
    });
  });

  it('given only an inspection on the plant day before, or one later the same day, then none counts', () => {
    expect(inspectionAtTake({ operatorId: 'D001', takenAt: '2026-03-01T18:45:00.000Z' }, history)).toBeNull();
    expect(
      inspectionAtTake({ operatorId: 'D001', takenAt: '2026-03-01T12:00:00.000Z' }, [inspection('LATE', '2026-03-01T12:00:01.000Z')]),
    ).toBeNull();
  });

  it('given a driver who took the ride twice and one who took it over, then each is listed once, in the order they first took it, at his first take', () => {
    const takes = [
      { operatorId: 'D001', takenAt: '2026-03-01T20:00:00.000Z' },
      { operatorId: 'D002', takenAt: '2026-03-02T05:00:00.000Z' },
      { operatorId: 'D001', takenAt: '2026-03-02T07:00:00.000Z' },
    ];
    expect(rideInspections(takes, new Map([['D001', history]]))).toEqual([
      { operatorId: 'D001', inspection: expect.objectContaining({ inspectionId: 'EARLY' }) },
      { operatorId: 'D002', inspection: null },
    ]);
  });
});
