import { describe, expect, it, vi } from 'vitest';
import { ALERT_GAP_MS, createRideAlert, SOUND_CHOICE_KEY, VIBRATION_MS, type AlertDeps } from './ride-alert';

function fakeAudio(state: AudioContextState) {
  const oscillators: { frequency: { value: number }; start: ReturnType<typeof vi.fn> }[] = [];
  const audio = {
    state,
    currentTime: 0,
    destination: {},
    resume: vi.fn(() => {
      audio.state = 'running';
      return Promise.resolve();
    }),
    createGain: () => ({ connect: vi.fn(), gain: { setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() } }),
    createOscillator: () => {
      const note = { type: '', frequency: { value: 0 }, connect: vi.fn(), start: vi.fn(), stop: vi.fn() };
      oscillators.push(note);
      return note;
    },
  };
  return { audio, oscillators };
}

function setUp(stored: string | null = null) {
  const values = new Map<string, string>(stored ? [[SOUND_CHOICE_KEY, stored]] : []);
  const { audio, oscillators } = fakeAudio('suspended');
  let clock = 10_000;
  const deps: AlertDeps = {
    storage: { getItem: (key) => values.get(key) ?? null, setItem: (key, value) => void values.set(key, value) },
    makeAudio: vi.fn(() => audio as unknown as AudioContext),
    vibrate: vi.fn(),
    now: () => clock,
  };
  return { alert: createRideAlert(deps), deps, audio, oscillators, values, tick: (ms: number) => (clock += ms) };
}

describe('the new-ride alert', () => {
  it('given sound never enabled, when a ride arrives, then the phone buzzes, no tone plays and no audio is even made', () => {
    const { alert, deps, oscillators } = setUp();
    expect(alert.soundChosen()).toBe(false);
    expect(alert.ring()).toBe(true);
    expect(deps.vibrate).toHaveBeenCalledWith(VIBRATION_MS);
    expect(deps.makeAudio).not.toHaveBeenCalled();
    expect(oscillators).toHaveLength(0);
  });

  it('given the driver taps Enable sound, then the choice is remembered, the audio wakes and a test tone plays; a later arrival plays it again', async () => {
    const { alert, audio, oscillators, values } = setUp();
    alert.enableSound();
    await vi.waitFor(() => expect(oscillators).toHaveLength(2));
    expect(values.get(SOUND_CHOICE_KEY)).toBe('on');
    expect(audio.resume).toHaveBeenCalled();
    expect(alert.ring()).toBe(true);
    expect(oscillators.map((note) => note.frequency.value)).toEqual([880, 1320, 880, 1320]);
  });

  it('given sound chosen on an earlier visit, when the first tap wakes the audio, then arrivals play the tone', async () => {
    const { alert, audio, oscillators } = setUp('on');
    expect(alert.soundChosen()).toBe(true);
    alert.wake();
    await vi.waitFor(() => expect(audio.state).toBe('running'));
    alert.ring();
    expect(oscillators).toHaveLength(2);
  });

  it('given a burst of arrivals, then it rings once, and again after the gap', () => {
    const { alert, deps, tick } = setUp();
    expect(alert.ring()).toBe(true);
    tick(ALERT_GAP_MS - 1);
    expect(alert.ring()).toBe(false);
    tick(1);
    expect(alert.ring()).toBe(true);
    expect(deps.vibrate).toHaveBeenCalledTimes(2);
  });
});
