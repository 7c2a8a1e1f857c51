import { describe, expect, it } from 'vitest';
import {
  ACCEPT_TARGET_TOO_LONG,
  DEFAULT_DISPATCH_SETTINGS,
  OFFER_SECONDS,
  RELEASE_LEAD_MINUTES,
  dispatchSettingsSchema,
  type DispatchMode,
} from '@plantride/schemas';
import {
  checkDispatchDraft,
  draftOf,
  OFFER_SECONDS_MESSAGE,
  RELEASE_LEAD_MESSAGE,
  TARGET_MESSAGE,
  type DispatchDraft,
} from './dispatch-rules';

describe('dispatch settings form (issue #20)', () => {
  it('given the defaults, when shown and saved unchanged, then the targets read in minutes and go back as the same seconds', () => {
    const draft = draftOf(DEFAULT_DISPATCH_SETTINGS);
    expect(draft).toMatchObject({
      mode: 'broadcast',
      offerSeconds: '30',
      normalAccept: '5',
      normalDeliver: '30',
      urgentAccept: '2',
      urgentDeliver: '15',
      releaseLeadMinutes: '15',
    });
    expect(checkDispatchDraft(draft)).toEqual({ settings: DEFAULT_DISPATCH_SETTINGS });
  });

  it('given offer mode, 300 s and a minute and a half to accept urgent rides, when checked, then the whole object goes with seconds', () => {
    const draft = { ...draftOf(DEFAULT_DISPATCH_SETTINGS), mode: 'offer' as const, offerSeconds: '300', urgentAccept: '1.5' };
    expect(checkDispatchDraft(draft)).toEqual({
      settings: {
        ...DEFAULT_DISPATCH_SETTINGS,
        mode: 'offer',
        offerSeconds: 300,
        serviceTargets: { ...DEFAULT_DISPATCH_SETTINGS.serviceTargets, urgent: { acceptSeconds: 90, deliverSeconds: 900 } },
      },
    });
  });

  it('given values the engine would refuse, when checked, then each field says what it takes and nothing is sent', () => {
    const draft = {
      ...draftOf(DEFAULT_DISPATCH_SETTINGS),
      offerSeconds: '2',
      releaseLeadMinutes: '7.5',
      normalAccept: '0',
      urgentDeliver: '1441',
      normalDeliver: '',
    };
    expect(checkDispatchDraft(draft)).toEqual({
      errors: {
        offerSeconds: OFFER_SECONDS_MESSAGE,
        releaseLeadMinutes: RELEASE_LEAD_MESSAGE,
        normalAccept: TARGET_MESSAGE,
        normalDeliver: TARGET_MESSAGE,
        urgentDeliver: TARGET_MESSAGE,
      },
    });
  });

  it('given 90 seconds held by the engine, when shown, then it reads 1.5 minutes', () => {
    const settings = {
      ...DEFAULT_DISPATCH_SETTINGS,
      serviceTargets: { ...DEFAULT_DISPATCH_SETTINGS.serviceTargets, normal: { acceptSeconds: 90, deliverSeconds: 100 } },
    };
    expect(draftOf(settings)).toMatchObject({ normalAccept: '1.5', normalDeliver: '1.67' });
  });

  const { min: offerMin, max: offerMax } = OFFER_SECONDS;
  const { min: leadMin, max: leadMax } = RELEASE_LEAD_MINUTES;
  it.each<[keyof DispatchDraft, string, boolean]>([
    ['offerSeconds', `${offerMin - 1}`, false],
    ['offerSeconds', `${offerMin}`, true],
    ['offerSeconds', `${offerMax}`, true],
    ['offerSeconds', `${offerMax + 1}`, false],
    ['offerSeconds', '7.5', false],
    ['offerSeconds', '', false],
    ['releaseLeadMinutes', `${leadMin - 1}`, false],
    ['releaseLeadMinutes', `${leadMin}`, true],
    ['releaseLeadMinutes', `${leadMax}`, true],
    ['releaseLeadMinutes', `${leadMax + 1}`, false],
    ['urgentAccept', '0.005', false],
    ['urgentAccept', '0.01', true],
    ['urgentAccept', '1,5', true],
    ['urgentDeliver', '1440', true],
    ['urgentDeliver', '1440.01', false],
    ['urgentDeliver', '1e3', false],
    ['urgentAccept', '-2', false],
  ])("given %s typed as '%s', when checked, then the engine's schema decides (accepted: %s)", (field, text, accepted) => {
    const checked = checkDispatchDraft({ ...draftOf(DEFAULT_DISPATCH_SETTINGS), [field]: text });
    expect('settings' in checked).toBe(accepted);
    if ('settings' in checked) expect(dispatchSettingsSchema.parse(checked.settings)).toEqual(checked.settings);
    else expect(Object.keys(checked.errors)).toEqual([field]);
  });

  it('given an urgent accept target longer than the urgent delivery target, when checked, then the accept field says so in the schema words', () => {
    const draft = { ...draftOf(DEFAULT_DISPATCH_SETTINGS), urgentAccept: '16', urgentDeliver: '15' };
    expect(checkDispatchDraft(draft)).toEqual({ errors: { urgentAccept: ACCEPT_TARGET_TOO_LONG.urgent } });
    expect('settings' in checkDispatchDraft({ ...draft, urgentAccept: '15' })).toBe(true);
  });

  it("given a refusal the screen has no field for, when checked, then it comes in the schema's words for the whole form", () => {
    const draft = { ...draftOf(DEFAULT_DISPATCH_SETTINGS), mode: 'lottery' as DispatchMode };
    expect(checkDispatchDraft(draft)).toEqual({ errors: { form: "mode must be 'broadcast' or 'offer'." } });
  });
});
