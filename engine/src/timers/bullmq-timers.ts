import { Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { timerCommandSchema } from './timer-commands';
import type { FireTimer, Timer, TimerPort } from './timer-port';

export interface BullMqTimersOptions {
  redisUrl: string;
  /** Redis key prefix of the queue (several engines of one deployment share it; tests use their own). */
  prefix?: string;
  queueName?: string;
  /** Attempts of a job whose firing fails (the store was unreachable), with exponential backoff from `retryDelayMs`. */
  attempts?: number;
  retryDelayMs?: number;
  concurrency?: number;
  onError?: (error: unknown) => void;
  /**
   * Called each time the connection to Redis is ready again after it was lost. A Redis that restarted
   * without its data has lost every delayed job: the caller arms the open rides' timers again.
   */
  onReconnect?: () => void;
}

interface JobData {
  command: unknown;
  dueAt: string;
}

/**
 * Timers as delayed BullMQ jobs on Redis (services mode). The job id is the timer id, so a deadline
 * is queued once however many processes arm it; a delayed job outlives any engine restart; the
 * worker's job lock runs each due job in one process. Commands are parsed again when they come back
 * from Redis.
 */
export function createBullMqTimers(options: BullMqTimersOptions): TimerPort {
  const onError = options.onError ?? ((error: unknown) => console.error('timers failed', error));
  // BullMQ's blocking commands need maxRetriesPerRequest: null; it duplicates this connection for the worker's blocking one.
  const connection = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  connection.on('error', onError);
  // Commands wait in ioredis's offline queue while Redis is away (maxRetriesPerRequest: null) and go
  // once it is back; arming waits with them, so no timer is dropped by an outage.
  let wasReady = false;
  connection.on('ready', () => {
    if (wasReady) options.onReconnect?.();
    wasReady = true;
  });
  const prefix = options.prefix ?? 'plantride';
  const queueName = options.queueName ?? 'timers';
  const queue = new Queue<JobData>(queueName, { connection, prefix });
  queue.on('error', onError);
  let worker: Worker<JobData> | undefined;

  async function process(job: Job<JobData>, fire: FireTimer): Promise<void> {
    const command = timerCommandSchema.safeParse(job.data.command);
    // A job this engine cannot read would fail on every attempt; it is reported and dropped.
    if (!command.success || !job.id)
      return onError(new Error(`unreadable timer job ${job.id ?? '?'}: ${command.error?.message ?? 'no id'}`));
    await fire({ id: job.id, dueAt: new Date(job.data.dueAt), command: command.data });
  }

  return {
    kind: 'bullmq',
    async start(fire) {
      worker = new Worker<JobData>(queueName, (job) => process(job, fire), {
        connection,
        prefix,
        concurrency: options.concurrency ?? 4,
        // A running job's lock (renewed at half of it while the job runs) and how often locks are
        // checked: a job whose engine died mid-run waits up to about their sum before another engine
        // runs it. BullMQ's 30 s + 30 s default held a timer back a minute after a crash.
        lockDuration: 10_000,
        stalledInterval: 5_000,
        // A job stalled this often is failed and dropped; each engine crash mid-run stalls it once.
        maxStalledCount: 10,
      });
      worker.on('error', onError);
      worker.on('failed', (job, error) =>
        onError(new Error(`timer ${job?.id ?? '?'} failed (attempt ${job?.attemptsMade ?? '?'}): ${error.message}`)),
      );
      await worker.waitUntilReady();
    },
    async arm(timer: Timer) {
      await queue.add(
        timer.command.type,
        { command: timer.command, dueAt: timer.dueAt.toISOString() },
        {
          jobId: timer.id,
          delay: Math.max(0, timer.dueAt.getTime() - Date.now()),
          attempts: options.attempts ?? 5,
          backoff: { type: 'exponential', delay: options.retryDelayMs ?? 1000 },
          // Gone once done or given up, so the same id may wait again later (a ride taken over and
          // started again, or a timer the reconciler re-arms after the store was down).
          removeOnComplete: true,
          removeOnFail: true,
        },
      );
    },
    async cancel(id) {
      // 0 when the job is running now: it is about to fire, and the statechart decides whether it still counts.
      await queue.remove(id);
    },
    async pending() {
      // Asked at each /metrics scrape: it must not wait in the offline queue for a Redis that is away.
      if (connection.status !== 'ready') throw new Error(`Redis is ${connection.status}`);
      return queue.getJobCountByTypes('delayed', 'waiting', 'active', 'prioritized');
    },
    async close() {
      await worker?.close();
      await queue.close();
      await connection.quit().catch(() => connection.disconnect());
    },
  };
}
