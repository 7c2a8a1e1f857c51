import { describe, expect, it } from 'vitest';
import { defectsText, driverLabel, inspectionFiltersOf, inspectionQueryString, inspectionTodayChip, pageInfo } from './inspection-history';

describe('Inspection history', () => {
  it('given a URL with filters and blanks, when read, then only the set filters are kept', () => {
    expect(inspectionFiltersOf(new URLSearchParams('operatorId=DR1&vehicleType=&from=2026-03-01&passed=false&page=2'))).toEqual({
      operatorId: 'DR1',
      from: '2026-03-01',
      passed: 'false',
    });
  });

  it('given filters and page 3, when asked for, then the query has the filters, the page size and the offset of page 3', () => {
    const query = new URLSearchParams(inspectionQueryString({ vehicleType: 'Crane', to: '2026-03-07', operatorId: ' ' }, 3, 20));
    expect(Object.fromEntries(query)).toEqual({ vehicleType: 'Crane', to: '2026-03-07', limit: '20', offset: '40' });
    expect(new URLSearchParams(inspectionQueryString({}, 0)).get('offset')).toBe('0');
  });

  it('given a total, when paged, then it says which page of how many and whether there is a next', () => {
    expect(pageInfo(41, 20, 2)).toEqual({ pageOf: 'Page 2 of 3', pages: 3, nextOpen: true });
    expect(pageInfo(40, 20, 2)).toEqual({ pageOf: 'Page 2 of 2', pages: 2, nextOpen: false });
    expect(pageInfo(0, 20, 1)).toEqual({ pageOf: 'Page 1 of 1', pages: 1, nextOpen: false });
  });

  it('given rows, when labelled, then the driver reads name and id, or the id alone, and defects are counted in words', () => {
    expect(driverLabel({ driverName: 'Ravi Kumar', operatorId: 'DR1' })).toBe('Ravi Kumar (DR1)');
    expect(driverLabel({ driverName: ' ', operatorId: 'DR1' })).toBe('DR1');
    expect([defectsText([]), defectsText(['Horn']), defectsText(['Horn', 'Brakes'])]).toEqual(['None', '1 defect', '2 defects']);
  });

  it("given a driver's standing today, when shown as a chip, then each of passed, failed and missing has its words", () => {
    expect(inspectionTodayChip('passed')).toMatchObject({ label: 'Inspected today', color: 'success' });
    expect(inspectionTodayChip('failed')).toMatchObject({ label: 'Inspection failed', color: 'error' });
    expect(inspectionTodayChip('missing')).toMatchObject({ label: 'Not inspected today', color: 'default' });
  });
});
