import { call, nowMs, outcomeOf, type Answer, type Method } from '../support/api-client';
import { Samples } from '../support/stats';

export interface Issued {
  command: string;
  status: number;
  correlationId: string;
  /** The answer's store position (2xx answers). */
  position: number | null;
  /** nowMs() when it was sent and when its answer was read. */
  sentAt: number;
  answeredAt: number;
}

/** Every command the parties sent: latency by command, outcomes, and what the audit checks against the store. */
export class CommandLog {
  /** Send → answer (closed loop), or scheduled moment → answer when the sender gives one (open loop). */
  readonly latency = new Samples();
  /** Send → answer, for commands sent against a schedule (the engine's own share of `latency`). */
  readonly service = new Samples();
  /** How late each scheduled command left (its predecessor's answer, or the bench's own timers). */
  readonly sendLag = new Samples();
  readonly outcomes = new Map<string, number>();
  /** The first answer's message for each refused kind (command and status). */
  readonly errorMessages = new Map<string, string>();
  readonly issued: Issued[] = [];
  firstAt = 0;
  lastAt = 0;

  constructor(private readonly url: string) {}

  /**
   * One command. With `scheduledAt` (nowMs() time) its latency counts from that moment, not from the send,
   * so a send held up by an earlier slow answer is charged to the answer (no coordinated omission).
   */
  async send(command: string, method: Method, path: string, token: string, body?: unknown, scheduledAt?: number): Promise<Answer> {
    const sentAt = nowMs();
    const answer = await call(this.url, method, path, token, body);
    if (this.firstAt === 0) this.firstAt = scheduledAt ?? answer.at - answer.ms;
    this.lastAt = answer.at;
    const outcome = outcomeOf(answer.status);
    if (scheduledAt === undefined) this.latency.add(command, answer.ms);
    else {
      this.latency.add(command, answer.at - scheduledAt);
      this.service.add(command, answer.ms);
      this.sendLag.add(command, sentAt - scheduledAt);
    }
    const key = `${command} ${outcome}`;
    this.outcomes.set(key, (this.outcomes.get(key) ?? 0) + 1);
    if (outcome !== 'ok' && !this.errorMessages.has(key))
      this.errorMessages.set(key, String(answer.body.message ?? JSON.stringify(answer.body)).slice(0, 160));
    const position = typeof answer.body.position === 'number' ? answer.body.position : null;
    this.issued.push({ command, status: answer.status, correlationId: answer.correlationId, position, sentAt, answeredAt: answer.at });
    return answer;
  }

  get succeeded(): number {
    return this.issued.filter((i) => i.status >= 200 && i.status < 300).length;
  }
}
