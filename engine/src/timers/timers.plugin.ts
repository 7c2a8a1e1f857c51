import fp from 'fastify-plugin';
import { openRideIds } from '@plantride/projections';
import { readModels } from '../rides/ride-access';
import { createBullMqTimers } from './bullmq-timers';
import { fireTimer } from './fire-timer';
import { freeDriversOf } from '../dispatch/dispatch-input';
import { createInProcessTimers } from './in-process-timers';
import { createTimerReactor } from './timer-reactor';
import type { TimerKind } from './timer-port';

declare module 'fastify' {
  interface FastifyInstance {
    timers: {
      readonly kind: TimerKind;
      /** Whether this process arms timers (one process does; with BullMQ any process fires them). */
      leading(): boolean;
      /** Resolves once the timers of everything committed before the call are armed (tests). */
      caughtUp(): Promise<void>;
      /** Timers armed and not yet fired: this process's (in-process), or the deployment's (BullMQ). */
      pending(): Promise<number>;
    };
  }
}

export interface TimersPluginOptions {
  /** BullMQ on this Redis (REDIS_URL); without it timers run in the process that leads them. */
  redisUrl?: string;
  /** Redis key prefix of the timers queue; every engine of one deployment uses the same. */
  prefix?: string;
  /** REASSIGN_TIMEOUT_MS: a redistributed ride nobody took over; the requester hears noAlternativeDriver each period. */
  reassignTimeoutMs: number;
  /** RIDE_WAIT_ALERT_MS: a ride still requested this long raises rideWaitingTooLong. */
  rideWaitAlertMs: number;
  /** One booked Special Task minute in ms (60 000); tests shorten it. */
  specialTaskMinuteMs?: number;
  /** First retry of a timer whose command failed (store unreachable), doubled each time. */
  retryDelayMs?: number;
  pollIntervalMs?: number;
  leaseRetryMs?: number;
}

/**
 * Server-side timers: the reactor arms them from ride events (one leading process), the adapter
 * (BullMQ with REDIS_URL, else in-process) waits, and a due timer sends its command through the
 * ride decider as the system actor `{ system: 'timer' }`, so its effect is an event in the store.
 */
export const timersPlugin = fp<TimersPluginOptions>(
  async (app, options) => {
    const onError = (error: unknown) => app.log.error({ err: error }, 'timers failed; retrying');
    const retryDelayMs = options.retryDelayMs ?? 1000;
    // Set once the reactor exists; a Redis that comes back may have lost the armed timers.
    let rearm: () => void = () => undefined;
    const port = options.redisUrl
      ? createBullMqTimers({
          redisUrl: options.redisUrl,
          prefix: options.prefix,
          retryDelayMs,
          onError,
          onReconnect: () => {
            app.log.warn("timers: Redis is back; arming the open rides' timers again");
            rearm();
          },
        })
      : createInProcessTimers({ retryDelayMs, onError });
    let closing = false;
    const reactor = createTimerReactor({
      database: app.database,
      store: app.eventStore,
      port,
      settings: {
        reassignTimeoutMs: options.reassignTimeoutMs,
        rideWaitAlertMs: options.rideWaitAlertMs,
        specialTaskMinuteMs: options.specialTaskMinuteMs ?? 60_000,
      },
      async openRides(position) {
        // The read models list the open rides once they include everything up to where the reactor starts following.
        // Waited for in short steps, so that closing the app is never held up for long.
        for (let waited = 0; position > 0 && !closing && !(await app.projections.waitForPosition(position, 1000)); waited += 1) {
          if (waited === 10) app.log.info({ position }, 'timers wait for the read models to catch up before re-arming');
        }
        return closing ? [] : openRideIds(readModels(app));
      },
      pollIntervalMs: options.pollIntervalMs,
      leaseRetryMs: options.leaseRetryMs,
      onError,
    });
    rearm = () => reactor.reconcileAgain();
    // Timers fire once the whole app is ready, so a release or a lapse at start dispatches as the settings say.
    // Until then they wait in the port, armed.
    app.addHook('onReady', async () => {
      const free = () => freeDriversOf(app);
      await port.start(async (timer) => {
        const outcome = await fireTimer(app.eventStore, timer, new Date(), free);
        app.log.debug({ timer: timer.id, outcome }, 'timer fired');
      });
    });
    await reactor.start();
    app.decorate('timers', {
      kind: port.kind,
      leading: () => reactor.leading(),
      caughtUp: () => reactor.caughtUp(),
      pending: () => port.pending(),
    });
    // /metrics (plantride_timers_pending) asks at each scrape.
    app.metrics.collectTimersPending(() => port.pending());
    // Before the store closes: nothing may arm or fire once it is gone.
    app.addHook('preClose', async () => {
      closing = true;
      await reactor.stop();
      await port.close();
    });
  },
  { name: 'timers', dependencies: ['database', 'projections', 'metrics', 'site-state', 'dispatch-settings', 'driver-roster'] },
);
