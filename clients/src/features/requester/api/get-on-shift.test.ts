import { describe, expect, it } from 'vitest';
import { onShiftLine } from './get-on-shift';

describe("the booking form's line on drivers of the chosen type (issue #32 item 7)", () => {
  it('given nobody on shift, then the ride is said to wait; given some, how many of them are free, in the singular for one', () => {
    expect(onShiftLine('Crane', { onShift: 0, free: 0 })).toBe('No Crane driver is on shift now; your ride waits until one starts.');
    expect(onShiftLine('Forklift', { onShift: 3, free: 2 })).toBe('2 of 3 Forklift drivers on shift are free now.');
    expect(onShiftLine('AMR', { onShift: 1, free: 0 })).toBe('0 of 1 AMR driver on shift is free now.');
  });
});
