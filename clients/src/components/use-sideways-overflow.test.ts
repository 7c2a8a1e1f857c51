import { describe, expect, it } from 'vitest';
import { hidesColumns } from './use-sideways-overflow';

describe('hidesColumns', () => {
  it('given a table wider than its box and not scrolled, then columns are hidden', () => {
    expect(hidesColumns({ scrollWidth: 640, clientWidth: 360, scrollLeft: 0 })).toBe(true);
  });

  it('given the box scrolled to its right end, then nothing is hidden', () => {
    expect(hidesColumns({ scrollWidth: 640, clientWidth: 360, scrollLeft: 280 })).toBe(false);
  });

  it('given a table that fits, then nothing is hidden', () => {
    expect(hidesColumns({ scrollWidth: 360, clientWidth: 360, scrollLeft: 0 })).toBe(false);
  });
});
