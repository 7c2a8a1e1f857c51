import { call, outcomeOf, type Answer, type Method } from '../support/api-client';
import { Samples } from '../support/stats';

export interface Issued {
  command: string;
  status: number;
  correlationId: string;
  /** The answer's store position (2xx answers). */
  position: number | null;
}

/** Every command the parties sent: latency by command, outcomes, and what the audit checks against the store. */
export class CommandLog {
  readonly latency = new Samples();
  readonly outcomes = new Map<string, number>();
  readonly issued: Issued[] = [];
  firstAt = 0;
  lastAt = 0;

  constructor(private readonly url: string) {}

  async send(command: string, method: Method, path: string, token: string, body?: unknown): Promise<Answer> {
    const answer = await call(this.url, method, path, token, body);
    if (this.firstAt === 0) this.firstAt = answer.at - answer.ms;
    this.lastAt = answer.at;
    const outcome = outcomeOf(answer.status);
    this.latency.add(command, answer.ms);
    const key = `${command} ${outcome}`;
    this.outcomes.set(key, (this.outcomes.get(key) ?? 0) + 1);
    const position = typeof answer.body.position === 'number' ? answer.body.position : null;
    this.issued.push({ command, status: answer.status, correlationId: answer.correlationId, position });
    return answer;
  }

  get succeeded(): number {
    return this.issued.filter((i) => i.status >= 200 && i.status < 300).length;
  }
}
