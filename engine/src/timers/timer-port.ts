import type { TimerCommand } from './timer-commands';

/** One deadline: when it passes, `command` goes through the command pipeline. */
export interface Timer {
  /**
   * Deterministic (the same deadline always has the same id) and free of ':' (BullMQ job ids), so
   * arming the same deadline from two places, or twice, arms it once.
   */
  readonly id: string;
  readonly dueAt: Date;
  readonly command: TimerCommand;
}

/** Sends a due timer's command; a rejection means "try again later", not "done". */
export type FireTimer = (timer: Timer) => Promise<void>;

export type TimerKind = 'inprocess' | 'bullmq';

/**
 * Where timers wait. A timer fires once, at or after its due time (at once when that is past); arming
 * an id that is already waiting changes nothing; cancelling stops one that has not fired yet.
 * Whether armed timers outlive a restart is the adapter's: BullMQ keeps them in Redis, the in-process
 * adapter forgets them and the reconciler arms them again from the store.
 */
export interface TimerPort {
  readonly kind: TimerKind;
  /** Starts handing due timers to `fire`; timers armed before start wait for it. */
  start(fire: FireTimer): Promise<void>;
  arm(timer: Timer): Promise<void>;
  cancel(id: string): Promise<void>;
  /** Timers armed and not yet fired (for the engine's metrics). */
  pending(): Promise<number>;
  /** Stops firing and waits for timers being fired to finish; nothing fires afterwards. */
  close(): Promise<void>;
}

/** A job id may not contain ':' (BullMQ) and must not look like an integer; ride ids are mostly safe already. */
export function timerIdPart(value: string): string {
  return value.replace(/[^A-Za-z0-9_-]/g, (char) => `.${char.codePointAt(0)?.toString(16) ?? ''}.`);
}
