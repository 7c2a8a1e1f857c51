import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { staffSiteMr } from '../../i18n/staff/site.mr';
import { checkMinutes, checkPlaceDraft, minutesMessage, placeChanges, planFrame } from './site-rules';

const place = { id: 'fgs', name: 'fgs', x: 620, y: 80, retired: false };

describe('site screen rules (issue #20)', () => {
  it('given a typed place, when it is checked, then the name is trimmed and x, y become metres', () => {
    expect(checkPlaceDraft({ name: '  Paint Shop ', x: '0', y: '310' })).toEqual({ place: { name: 'Paint Shop', x: 0, y: 310 } });
  });

  it('given an empty name and positions off the plan, when checked, then each field says what is wrong', () => {
    const checked = checkPlaceDraft({ name: ' ', x: '', y: '5001' });
    expect(checked).toEqual({
      errors: {
        name: expect.stringContaining('1 to 60'),
        x: expect.stringContaining('0 to 5000'),
        y: expect.stringContaining('0 to 5000'),
      },
    });
  });

  it('given Marathi spoken, when positions off the plan and bad minutes are checked, then they are refused in Marathi', async () => {
    await i18n.changeLanguage('mr');
    try {
      expect(checkPlaceDraft({ name: 'fgs', x: '', y: '5001' })).toEqual({
        errors: {
          x: staffSiteMr.fields.xInvalid.replace('{{max}}', '5000'),
          y: staffSiteMr.fields.yInvalid.replace('{{max}}', '5000'),
        },
      });
      expect(minutesMessage()).toBe(staffSiteMr.routes.minutesInvalid.replace('{{max}}', '120'));
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('given an edited place, when its changes are taken, then only the fields that differ are sent', () => {
    expect(placeChanges(place, { name: 'fgs', x: 650, y: 80 })).toEqual({ x: 650 });
    expect(placeChanges(place, { name: 'fgs', x: 620, y: 80 })).toEqual({});
  });

  it('given typed minutes, when checked, then only whole numbers from 1 to 120 pass', () => {
    expect(checkMinutes('9')).toBe(9);
    expect(checkMinutes(' 120 ')).toBe(120);
    for (const text of ['0', '121', '4.5', '', 'abc', '-3']) expect(checkMinutes(text)).toBeNull();
  });

  it('given the default plot, when framed, then it is 1000 m × 500 m at unit scale with 100 m grid; a far place widens it and scales the marks', () => {
    const plot = planFrame([
      { x: 920, y: 60 },
      { x: 60, y: 480 },
    ]);
    expect(plot).toMatchObject({ width: 1000, height: 500, unit: 1, grid: 100 });
    // y flipped: the viewBox starts above the plot's north edge.
    expect(plot.viewBox.split(' ').map(Number)[1]).toBeLessThan(-500);
    expect(planFrame([{ x: 4000, y: 100 }])).toMatchObject({ width: 4000, unit: 4, grid: 500 });
  });
});
