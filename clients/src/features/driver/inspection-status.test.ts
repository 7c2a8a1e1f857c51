import { describe, expect, it } from 'vitest';
import { INSPECTION_MESSAGES } from '@plantride/schemas';
import { inspectionNotice } from './inspection-status';

describe("the dashboard's inspection card (issue #21)", () => {
  it('given the plant requires the inspection and none today, when shown, then it is prominent and says he must inspect before accepting rides', () => {
    expect(inspectionNotice('missing', true)).toMatchObject({
      severity: 'warning',
      prominent: true,
      text: INSPECTION_MESSAGES.inspectionRequired,
    });
  });

  it('given it is not required and none today, when shown, then it is a quiet reminder', () => {
    expect(inspectionNotice('missing', false)).toMatchObject({ severity: 'info', prominent: false, text: 'Not inspected today.' });
  });

  it("given today's inspection passed, when shown, then it says inspected, required or not", () => {
    expect(inspectionNotice('passed', true)).toMatchObject({ severity: 'success', title: 'Vehicle inspected today', prominent: false });
    expect(inspectionNotice('passed', false)).toMatchObject({ severity: 'success', prominent: false });
  });

  it("given today's failed, when shown, then it tells him to inspect again after maintenance, prominently when required", () => {
    expect(inspectionNotice('failed', true)).toMatchObject({ severity: 'error', prominent: true });
    expect(inspectionNotice('failed', false)).toMatchObject({ severity: 'error', prominent: false });
  });
});
