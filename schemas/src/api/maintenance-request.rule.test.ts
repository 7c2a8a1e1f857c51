import { describe, expect, it } from 'vitest';
import { BREAKDOWN_TYPES } from '../constants';
import { maintenanceRequestBodySchema } from './maintenance.api';
import { filedBreakdownType, filedIssue, maintenanceRequestProblem, type MaintenanceRequestFacts } from './maintenance-request.rule';

const idle: MaintenanceRequestFacts = { midRide: false, issue: 'Engine Issue', breakdownType: 'full', commentText: '' };
const midRide: MaintenanceRequestFacts = { midRide: true, issue: '', breakdownType: null, commentText: 'hydraulics' };

describe('the maintenance request rule (SPEC §5)', () => {
  it('given no ride, when a reason and a breakdown type are given, then it may be filed without a comment', () => {
    expect(maintenanceRequestProblem(idle)).toBeNull();
  });

  it('given no ride, when the reason or the breakdown type is missing, then the reason field carries the spec words', () => {
    const problem = { field: 'issue', message: 'Please select maintenance reason and breakdown type.' };
    expect(maintenanceRequestProblem({ ...idle, issue: '  ' })).toEqual(problem);
    expect(maintenanceRequestProblem({ ...idle, breakdownType: null })).toEqual(problem);
  });

  it('given a ride in progress, when a comment is given, then it may be filed with no reason or breakdown type', () => {
    expect(maintenanceRequestProblem(midRide)).toBeNull();
  });

  it('given a ride in progress, when the comment is blank, then the comment field carries the spec words', () => {
    expect(maintenanceRequestProblem({ ...midRide, commentText: ' ' })).toEqual({
      field: 'comment_text',
      message: 'Please enter a comment for maintenance.',
    });
  });

  it("given 'Others', then the driver's own words are the issue filed; any other reason is itself", () => {
    expect(filedIssue('Others', 'horn stuck')).toBe('horn stuck');
    expect(filedIssue('Others', '')).toBe('');
    expect(filedIssue('Engine Issue', 'ignored')).toBe('Engine Issue');
  });

  it('given a ride in progress, then the breakdown filed is partial whatever was chosen; otherwise the choice', () => {
    expect(filedBreakdownType(true, 'full')).toBe('partial');
    expect(filedBreakdownType(true, null)).toBe('partial');
    expect(filedBreakdownType(false, 'full')).toBe('full');
    expect(filedBreakdownType(false, null)).toBeNull();
  });
});

describe('the request body schema applies the rule', () => {
  const body = { driver_id: 'DR01', driver_name: 'Ravi', vehicle_type: 'Forklift', status: 'pending' };
  const cases = [null, 'R1'].flatMap((rideId) =>
    ['', 'Engine Issue', 'Others'].flatMap((issue) =>
      ['', 'horn stuck'].flatMap((customIssue) =>
        [null, ...BREAKDOWN_TYPES].flatMap((breakdownType) =>
          ['', 'hydraulics'].map((comment) => ({ rideId, issue, customIssue, breakdownType, comment })),
        ),
      ),
    ),
  );

  it('given every mix of ride, reason, own words, breakdown type and comment, when parsed, then the schema refuses what the rule refuses, on its field, in its words', () => {
    for (const { rideId, issue, customIssue, breakdownType, comment } of cases) {
      const input = { ...body, ride_id: rideId, issue, custom_issue: customIssue, breakdown_type: breakdownType, comment_text: comment };
      const expected = maintenanceRequestProblem({
        midRide: rideId !== null,
        issue: filedIssue(issue, customIssue),
        breakdownType,
        commentText: comment,
      });
      const result = maintenanceRequestBodySchema.safeParse(input);
      const issues = result.success ? [] : result.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
      expect(issues, JSON.stringify(input)).toEqual(expected ? [expected] : []);
    }
  });
});
