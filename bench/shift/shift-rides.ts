import { setTimeout as sleep } from 'node:timers/promises';
import type { VehicleType } from '@plantride/schemas';
import type { Random } from '../../engine/src/test-support/seeded-random';
import { nowMs, type Answer } from '../support/api-client';
import type { CommandLog } from '../load/command-log';
import { calls, STEP_AFTER, STEPS, type CommandCall } from '../load/load-parties';
import type { DriverPerson, People, Person } from '../load/load-people';
import type { PartySocket } from '../load/live-socket';

export interface ShiftPlan {
  /** Rides booked a second, whatever the answers do. */
  ratePerSecond: number;
  /** Poisson arrivals (exponential gaps) or one every 1/rate s. */
  arrivals: 'poisson' | 'fixed';
  durationMs: number;
  /** A free driver's reaction to an offer he heard (uniform ½–1½×), ms. */
  acceptMs: number;
  /** Between a ride's steps (start, pick, drop, end), ms. */
  stepMs: number;
  /** The maintenance head's reaction, before accepting and again before completing a request, ms. */
  headMs: number;
  /** Share of bookings their requester cancels about `acceptMs` after booking (racing the accept). */
  cancelShare: number;
  /** Share of accepted rides whose driver breaks down at a random step after the start. */
  breakdownShare: number;
  /** Share of requesters who cancel a ride redistributed after a breakdown rather than wait for a take-over. */
  cancelOnRedistributionShare: number;
}

interface DriverState {
  me: DriverPerson;
  /** The ride he reached for or drives. */
  ride: string | null;
  blocked: boolean;
}

interface Offer {
  rideId: string;
  vehicleType: VehicleType;
  takeOver: boolean;
  rideState?: string;
  originalDriverId?: string;
}

/** How the shift's rides went, for the report. */
export interface ShiftCounts {
  arrivals: number;
  booked: number;
  accepted: number;
  takenOver: number;
  ended: number;
  cancelled: number;
  breakdowns: number;
  /** Offers no free driver could take at once (they waited for one to finish). */
  queuedOffers: number;
  /** Offers still waiting when the shift ended. */
  waitingAtEnd: number;
  /** Drivers left out of the shift after a step (or breakdown) of theirs was refused. */
  stuck: number;
  /** Commands scheduled before the end still unanswered after the drain. */
  unansweredAtEnd: number;
}

/**
 * The open-loop shift. A scheduler books rides at a fixed rate from random requesters, whatever the
 * engine answers; each ride then runs its own timeline: a free driver of its vehicle type who heard
 * `newRideRequest` on his socket accepts `acceptMs` later, then start, pick, drop and end `stepMs`
 * apart; some requesters cancel, some drivers break down mid-ride (another free driver takes the ride
 * over when `redistributedRide` reaches him; the maintenance head accepts and completes the request,
 * which unblocks the driver). Every command has a scheduled moment and its latency counts from it. A
 * step cannot leave before the step it follows was answered (it needs the ride, and the driver his
 * turn), so when an answer is late the next step leaves late too, and that wait is in its latency.
 */
export class Shift {
  readonly counts: ShiftCounts = {
    arrivals: 0,
    booked: 0,
    accepted: 0,
    takenOver: 0,
    ended: 0,
    cancelled: 0,
    breakdowns: 0,
    queuedOffers: 0,
    waitingAtEnd: 0,
    stuck: 0,
    unansweredAtEnd: 0,
  };
  private readonly drivers: DriverState[];
  private readonly waiting = new Map<VehicleType, Map<string, Offer>>();
  /** newRideRequest by ride, redistributedRide by event position: each offered once, however many sockets heard it. */
  private readonly heard = new Set<string>();
  private readonly inflight = new Set<Promise<Answer>>();
  private startAt = 0;
  private stopAt = Infinity;

  constructor(
    private readonly log: CommandLog,
    private readonly people: People,
    private readonly live: ReadonlyMap<string, PartySocket>,
    private readonly plan: ShiftPlan,
    /** Draws the arrival times (nothing else), so a seed gives the same schedule whatever the answers. */
    private readonly arrivals: Random,
    /** Draws everything else: requesters, routes, delays, cancels, breakdowns. */
    private readonly random: Random,
  ) {
    this.drivers = people.drivers.map((me) => ({ me, ride: null, blocked: false }));
    for (const driver of this.drivers) this.listenAsDriver(driver);
    for (const requester of people.requesters) this.listenAsRequester(requester);
    this.listenAsHead(people.head);
  }

  /** Plays the shift for the plan's duration, then waits (at most `drainMs`) for the answers of what was sent. */
  async run(drainMs = 60_000): Promise<{ startAt: number; stopAt: number }> {
    this.startAt = nowMs();
    this.stopAt = this.startAt + this.plan.durationMs;
    const spacing = 1000 / this.plan.ratePerSecond;
    for (let due = this.startAt; ;) {
      due += this.plan.arrivals === 'fixed' ? spacing : -Math.log(1 - this.arrivals.next()) * spacing;
      if (due >= this.stopAt) break;
      const wait = due - nowMs();
      // Whole milliseconds, rounded up: a timer may fire up to 1 ms before a fractional wait ends.
      if (wait > 0) await sleep(Math.ceil(wait));
      this.counts.arrivals += 1;
      void this.ride(due);
    }
    await sleep(Math.max(0, this.stopAt - nowMs()));
    const drainUntil = Date.now() + drainMs;
    // A chain whose answer just came may send one more command scheduled before the end: look twice.
    for (let idle = 0; idle < 2 && Date.now() < drainUntil;) {
      if (this.inflight.size === 0) idle += 1;
      else idle = 0;
      await Promise.race([Promise.allSettled([...this.inflight]), sleep(Math.max(0, drainUntil - Date.now()))]);
      await sleep(50);
    }
    this.counts.unansweredAtEnd = this.inflight.size;
    this.counts.waitingAtEnd = [...this.waiting.values()].reduce((n, offers) => n + offers.size, 0);
    return { startAt: this.startAt, stopAt: this.stopAt };
  }

  /** Sends `call` at `due` (or at once if that has passed); nothing scheduled at or after the end of the shift. */
  private async fire(call: CommandCall, token: string, due: number): Promise<Answer | null> {
    if (due >= this.stopAt) return null;
    const wait = due - nowMs();
    // Whole milliseconds, rounded up: a timer may fire up to 1 ms before a fractional wait ends.
    if (wait > 0) await sleep(Math.ceil(wait));
    const sending = this.log.send(call.command, call.method, call.path, token, call.body, due);
    this.inflight.add(sending);
    void sending.finally(() => this.inflight.delete(sending));
    return sending;
  }

  private async ride(due: number): Promise<void> {
    const requester = this.random.pick(this.people.requesters)!;
    const booked = await this.fire(calls.book(this.random, requester.tokenNo), requester.token, due);
    if (booked?.status !== 200) return;
    this.counts.booked += 1;
    if (this.random.next() < this.plan.cancelShare)
      await this.cancel(requester, String(booked.body.rideId), due + this.random.around(this.plan.acceptMs));
  }

  private async cancel(requester: Person, rideId: string, due: number): Promise<void> {
    const answer = await this.fire(calls.cancel(rideId), requester.token, due);
    if (answer?.status === 200) this.counts.cancelled += 1;
  }

  private listenAsRequester(requester: Person): void {
    this.live.get(requester.tokenNo)!.on('rideRedistributed', (payload) => {
      if (this.random.next() < this.plan.cancelOnRedistributionShare)
        void this.cancel(requester, String(payload.rideId), nowMs() + this.random.around(this.plan.acceptMs));
    });
  }

  private listenAsDriver(driver: DriverState): void {
    const socket = this.live.get(driver.me.tokenNo)!;
    const { vehicleType } = driver.me;
    socket.on('newRideRequest', (p) => {
      const rideId = String(p.rideId);
      // A wait alert announces the same ride again: it is already offered.
      if (this.heard.has(rideId)) return;
      this.heard.add(rideId);
      this.offer({ rideId, vehicleType, takeOver: false }, driver);
    });
    socket.on('redistributedRide', (p) => {
      const key = `${String(p.rideId)}@${String(p.position)}`;
      if (this.heard.has(key)) return;
      this.heard.add(key);
      this.offer(
        {
          rideId: String(p.rideId),
          vehicleType,
          takeOver: true,
          rideState: String(p.rideState),
          originalDriverId: String(p.originalDriverId),
        },
        driver,
      );
    });
    socket.on('removeRide', (p) => this.waiting.get(vehicleType)?.delete(String(p.rideId)));
    socket.on('driverUnblocked', () => {
      driver.blocked = false;
      this.free(driver);
    });
  }

  private listenAsHead(head: Person): void {
    this.live.get(head.tokenNo)!.on('newMaintenanceRequest', (p) => {
      const requestId = String(p.requestId);
      const accepting = nowMs() + this.random.around(this.plan.headMs);
      void this.fire(calls.maintenanceStatus(requestId, 'accepted'), head.token, accepting).then((answer) => {
        if (answer?.status === 200)
          void this.fire(calls.maintenanceStatus(requestId, 'completed'), head.token, accepting + this.random.around(this.plan.headMs));
      });
    });
  }

  private canTake(driver: DriverState, offer: Offer): boolean {
    return (
      driver.ride === null && !driver.blocked && driver.me.vehicleType === offer.vehicleType && driver.me.tokenNo !== offer.originalDriverId
    );
  }

  /** The driver who heard it takes it if he is free, else another free driver of the type; else it waits for one. */
  private offer(offer: Offer, hearer: DriverState): void {
    const taker = this.canTake(hearer, offer) ? hearer : this.random.pick(this.drivers.filter((d) => this.canTake(d, offer)));
    if (taker) return void this.claim(taker, offer, nowMs());
    this.counts.queuedOffers += 1;
    let offers = this.waiting.get(offer.vehicleType);
    if (!offers) this.waiting.set(offer.vehicleType, (offers = new Map()));
    offers.set(offer.rideId, offer);
  }

  /** A driver done with a ride (or unblocked) takes the oldest offer of his type that waits. */
  private free(driver: DriverState): void {
    driver.ride = null;
    if (driver.blocked || nowMs() >= this.stopAt) return;
    const offers = this.waiting.get(driver.me.vehicleType);
    const next = [...(offers?.values() ?? [])].find((o) => this.canTake(driver, o));
    if (!next) return;
    offers!.delete(next.rideId);
    void this.claim(driver, next, nowMs());
  }

  private async claim(driver: DriverState, offer: Offer, heardAt: number): Promise<void> {
    driver.ride = offer.rideId;
    const { me } = driver;
    const due = heardAt + this.random.around(this.plan.acceptMs);
    const answer = await this.fire(
      offer.takeOver ? calls.takeOver(me.tokenNo, offer.rideId, offer.rideState) : calls.accept(me.tokenNo, offer.rideId),
      me.token,
      due,
    );
    // The shift is over: nothing more for him.
    if (answer === null) return;
    // Cancelled meanwhile (or any refusal): he is still free.
    if (answer.status !== 200) return this.free(driver);
    if (offer.takeOver) this.counts.takenOver += 1;
    else this.counts.accepted += 1;
    await this.drive(driver, offer.rideId, offer.takeOver ? (STEP_AFTER[offer.rideState ?? 'accepted'] ?? 0) : 0, due);
  }

  private async drive(driver: DriverState, rideId: string, from: number, acceptedDue: number): Promise<void> {
    const { me } = driver;
    const breakdownAt = this.random.next() < this.plan.breakdownShare ? 1 + Math.floor(this.random.next() * (STEPS.length - 1)) : -1;
    let due = acceptedDue;
    for (let step = from; step < STEPS.length; step += 1) {
      due += this.random.around(this.plan.stepMs);
      if (step === breakdownAt) {
        const filed = await this.fire(calls.breakdown(me, rideId), me.token, due);
        if (filed?.status === 200) {
          this.counts.breakdowns += 1;
          // Freed by driverUnblocked once the maintenance head completes the request.
          driver.blocked = true;
          driver.ride = null;
          return;
        }
        if (filed !== null) this.counts.stuck += 1;
        return;
      }
      const answer = await this.fire(calls.step(this.random, rideId, step), me.token, due);
      // The shift ended with the ride on its way; or a step was refused, and the engine may hold him on the ride: he takes no other.
      if (answer === null) return;
      if (answer.status !== 200) return void (this.counts.stuck += 1);
    }
    this.counts.ended += 1;
    this.free(driver);
  }
}
