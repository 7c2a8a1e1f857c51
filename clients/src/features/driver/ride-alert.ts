/**
 * The driver's new-ride alert: a short two-note tone made with the Web Audio API (no audio file) and a
 * buzz where the browser allows. Browsers keep audio silent until a tap, so the dashboard shows an
 * "Enable sound" button until the driver taps it once; the choice is remembered, and on later visits
 * the first tap anywhere wakes the audio again.
 */
export const SOUND_CHOICE_KEY = 'plantride.rideSound';
/** Events that mean "a ride you could take has appeared". */
export const RIDE_ALERT_EVENTS: ReadonlySet<string> = new Set(['newRideRequest', 'redistributedRide']);
/** A burst of arrivals (say, replayed after a reconnect) rings once. */
export const ALERT_GAP_MS = 2_000;
export const VIBRATION_MS = [200, 100, 200];

export interface AlertDeps {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  makeAudio: () => AudioContext | null;
  vibrate: (pattern: number[]) => void;
  now: () => number;
}

const browserDeps = (): AlertDeps => ({
  storage: window.localStorage,
  makeAudio: () => (typeof AudioContext === 'undefined' ? null : new AudioContext()),
  vibrate: (pattern) => {
    if (typeof navigator.vibrate === 'function') navigator.vibrate(pattern);
  },
  now: () => Date.now(),
});

export interface RideAlert {
  soundChosen: () => boolean;
  /** From a tap: remembers the choice, wakes the audio and plays the tone once so the driver hears it. */
  enableSound: () => void;
  /** From any later tap: wakes the audio if the driver chose sound before. */
  wake: () => void;
  /** On a ride arrival: buzz, and the tone when sound is on; at most once per ALERT_GAP_MS. */
  ring: () => boolean;
}

export function createRideAlert(deps: AlertDeps): RideAlert {
  let audio: AudioContext | null = null;
  let lastRing = Number.NEGATIVE_INFINITY;
  const soundChosen = () => deps.storage.getItem(SOUND_CHOICE_KEY) === 'on';
  const wake = () => {
    if (!soundChosen()) return;
    audio ??= deps.makeAudio();
    if (audio?.state === 'suspended') void audio.resume();
  };
  const tone = () => {
    if (!audio || audio.state !== 'running') return;
    const start = audio.currentTime;
    const gain = audio.createGain();
    gain.connect(audio.destination);
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.3, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.45);
    [880, 1320].forEach((frequency, index) => {
      const note = audio!.createOscillator();
      note.type = 'sine';
      note.frequency.value = frequency;
      note.connect(gain);
      note.start(start + index * 0.18);
      note.stop(start + index * 0.18 + 0.2);
    });
  };
  return {
    soundChosen,
    enableSound: () => {
      deps.storage.setItem(SOUND_CHOICE_KEY, 'on');
      wake();
      if (audio?.state === 'running') tone();
      else void audio?.resume().then(tone);
    },
    wake,
    ring: () => {
      const now = deps.now();
      if (now - lastRing < ALERT_GAP_MS) return false;
      lastRing = now;
      deps.vibrate(VIBRATION_MS);
      if (soundChosen()) tone();
      return true;
    },
  };
}

let shared: RideAlert | undefined;
/** The page's one alert (one AudioContext per page). */
export const rideAlert = (): RideAlert => (shared ??= createRideAlert(browserDeps()));
