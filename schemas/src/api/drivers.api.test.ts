import { describe, expect, it } from 'vitest';
import { driverRecordSchema, toggleAccessBodySchema } from './drivers.api';
import { firstMessage } from './test-support';

const valid = { operatorId: 'op12', name: 'Ravi Kumar', mobile: '9876543210', forklift: '7' };

describe('driver record', () => {
  it('given only the required fields, when parsed, then the spec defaults apply (role Driver, status Active)', () => {
    const driver = driverRecordSchema.parse(valid);
    expect(driver).toMatchObject({ operatorId: 'OP12', role: 'Driver', status: 'Active', vehicleAssigned: '', comments: '' });
  });

  it('given a name with digits, then the error is the spec name text', () => {
    expect(firstMessage(driverRecordSchema, { ...valid, name: 'Ravi 2' })).toBe('Name should contain only alphabets');
  });

  it('given a 9-digit mobile, then the error is the spec mobile text', () => {
    expect(firstMessage(driverRecordSchema, { ...valid, mobile: '987654321' })).toBe('Please enter a valid 10 digits mobile number');
  });

  it('given a mobile with letters, then the error is the spec mobile text', () => {
    expect(firstMessage(driverRecordSchema, { ...valid, mobile: '98765abcde' })).toBe('Please enter a valid 10 digits mobile number');
  });

  it('given a 3-digit or empty sticker number, then the error is the spec vehicle number text', () => {
    for (const forklift of ['123', '', 'A1']) {
      expect(firstMessage(driverRecordSchema, { ...valid, forklift })).toBe('Please enter a valid 2 digits vehicle number');
    }
  });

  it('given numeric mobile and sticker from an old client, when parsed, then they are read as digit text', () => {
    const driver = driverRecordSchema.parse({ ...valid, mobile: 9876543210, forklift: 42 });
    expect(driver.mobile).toBe('9876543210');
    expect(driver.forklift).toBe('42');
  });

  it('given an unnamed driver, then the record is still valid', () => {
    expect(driverRecordSchema.safeParse({ ...valid, name: '' }).success).toBe(true);
  });
});

describe('toggle access body', () => {
  it('given the spec 1/0 flag, when parsed, then it becomes a boolean', () => {
    expect(toggleAccessBodySchema.parse({ driverId: 'OP12', active: 1 }).active).toBe(true);
    expect(toggleAccessBodySchema.parse({ driverId: 'OP12', active: 0 }).active).toBe(false);
  });

  it('given no driver id, then the error is the spec invalid parameters text', () => {
    expect(firstMessage(toggleAccessBodySchema, { active: 1 })).toBe('Invalid parameters');
  });
});
