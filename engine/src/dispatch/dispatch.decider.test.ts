import { describe, it } from 'vitest';
import { DEFAULT_DISPATCH_SETTINGS, type Actor, type DispatchSettings } from '@plantride/schemas';
import { commandSpec } from '../test-support/decider-spec';
import { changeDispatchSettings } from './dispatch.decider';

const admin: Actor = { tokenNo: 'AD77', role: 'admin' };
const change = (data: DispatchSettings) => ({ type: 'ChangeDispatchSettings' as const, data });
const offer: DispatchSettings = { ...DEFAULT_DISPATCH_SETTINGS, mode: 'offer', offerSeconds: 45 };

describe('change the dispatch settings', () => {
  const spec = commandSpec(changeDispatchSettings);

  it('given settings saved, when the same come again with their keys in another order, then nothing is appended', () => {
    const { releaseLeadMinutes, serviceTargets, offerSeconds, mode } = offer;
    spec
      .given({ dispatch: [{ type: 'DispatchSettingsChanged', data: offer }] })
      .when(change({ releaseLeadMinutes, serviceTargets, offerSeconds, mode }), admin)
      .then({});
  });

  it('given settings saved, when one target changes, then the whole object is recorded', () => {
    const slower = { ...offer, serviceTargets: { ...offer.serviceTargets, urgent: { acceptSeconds: 150, deliverSeconds: 900 } } };
    spec
      .given({ dispatch: [{ type: 'DispatchSettingsChanged', data: offer }] })
      .when(change(slower), admin)
      .then({ dispatch: [{ type: 'DispatchSettingsChanged', data: slower }] });
  });
});
