import { describe, expect, it } from 'vitest';
import { pushState } from './push';

// Issue #34 item 1: what the screens offer, by what this device and the server can do.
const env = (userAgent: string, standalone: boolean) =>
  ({
    navigator: { userAgent, platform: 'iPhone', maxTouchPoints: 5 } as unknown as Navigator,
    window: { matchMedia: () => ({ matches: standalone }), PushManager: class {}, Notification: class {} } as unknown as Window,
  }) as const;
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

describe('pushState', () => {
  it('given a server without VAPID keys, then there is nothing to offer', async () => {
    expect(await pushState(null, env(IPHONE, true))).toBe('unsupported');
  });

  it('given an iPhone in a Safari tab, then it must be added to the Home Screen first', async () => {
    expect(await pushState('BKey', env(IPHONE, false))).toBe('homeScreenFirst');
  });

  it('given the app opened from the Home Screen but no service worker (a development build), then there is nothing to offer', async () => {
    expect(await pushState('BKey', env(IPHONE, true))).toBe('unsupported');
  });
});
