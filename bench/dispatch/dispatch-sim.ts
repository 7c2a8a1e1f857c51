import { setTimeout as sleep } from 'node:timers/promises';
import { nowMs, type Answer } from '../support/api-client';
import type { CommandLog } from '../load/command-log';
import { calls, STEP_AFTER, type CommandCall } from '../load/load-parties';
import type { DriverPerson, People } from '../load/load-people';
import type { PartySocket } from '../load/live-socket';
import { drawFor, type Arrival, type DispatchPlan, type SiteRoutes } from './dispatch-plan';
import { dispatchCalls, noCounts, RideBook, type DispatchCounts, type RideRecord } from './dispatch-rides';
import { RideLists, type Listed } from './ride-lists';

type Phase = 'free' | 'reaching' | 'driving' | 'blocked' | 'stuck';

interface SimDriver {
  index: number;
  me: DriverPerson;
  /** The place he is at (his shift's start, his last drop, where he broke down). */
  location: string;
  phase: Phase;
  /** The ride he reaches for or drives. */
  ride: string | null;
  /** He reaches for `ride` because it was offered to him (he may decline). */
  offered: boolean;
  /** Announcements (ride@position) he lost a race for: not looked at again. */
  lost: Set<string>;
  /** Counts his reaches: a reach he gave up (the ride left his list before he tapped) finds it moved on. */
  reachId: number;
  /** He tapped Accept (or Decline) on the ride he reaches for: it leaving his list now is his own doing. */
  tapped: boolean;
  busySince: number;
  busyMs: number;
  /** Where he broke down, for when he is unblocked. */
  brokenAt: string | null;
}

/** Draw kinds for `drawFor`. */
const REACT = 1;
const REACT_TAKE_OVER = 2;
const DECLINE = 3;

/**
 * One seeded shift played against the real engine in one dispatch mode. Bookings leave at their planned
 * moments whatever the engine answers. Every driver is a small state machine on his own socket: free, he
 * reaches for a ride he hears of (newRideRequest to his type, or rideOffered to him alone) and after his
 * reaction delay accepts it (a 409 means another won; a ride that leaves his list before he taps it, he
 * lets go at once); an offer he answers after his reaction, declining a drawn few (and those that come
 * after he tapped Accept on another ride); driving, he starts, travels empty from where he is to the
 * pickup (route minutes × minuteMs), picks, travels loaded, drops, completes, and stands at the drop.
 * A driver freed (ride ended, race lost, declined, unblocked) takes the ride that waits longest on his
 * list, take-overs and urgent ones first. A few first drivers break down (maintenance request mid-ride):
 * another takes the ride over from redistributedRide, the maintenance head repairs, the driver is unblocked.
 */
export class DispatchSim {
  readonly book = new RideBook();
  readonly lists = new RideLists();
  readonly counts: DispatchCounts = noCounts();
  readonly drivers: SimDriver[];
  private readonly inflight = new Set<Promise<unknown>>();
  private over = false;
  startAt = 0;
  lastEndAt = 0;

  constructor(
    private readonly log: CommandLog,
    private readonly people: People,
    private readonly live: ReadonlyMap<string, PartySocket>,
    private readonly site: SiteRoutes,
    private readonly plan: DispatchPlan,
    starts: readonly string[],
  ) {
    this.drivers = people.drivers.map((me, index) => ({
      index,
      me,
      location: starts[index]!,
      phase: 'free',
      ride: null,
      offered: false,
      lost: new Set(),
      reachId: 0,
      tapped: false,
      busySince: 0,
      busyMs: 0,
      brokenAt: null,
    }));
    for (const driver of this.drivers) this.listen(driver);
    this.listenAsHead();
  }

  /** Books every arrival at its moment, then waits (at most `drainMs`) for the booked rides to end. */
  async run(arrivals: readonly Arrival[]): Promise<void> {
    this.startAt = nowMs();
    for (const arrival of arrivals) {
      const wait = this.startAt + arrival.atMs - nowMs();
      if (wait > 0) await sleep(Math.ceil(wait));
      this.counts.arrivals += 1;
      this.track(this.booking(arrival));
    }
    const drainUntil = nowMs() + this.plan.drainMs;
    while (nowMs() < drainUntil && this.book.unfinished().length > 0) await sleep(100);
    this.over = true;
    const busyAtEnd = nowMs();
    for (const driver of this.drivers) if (driver.phase === 'driving') driver.busyMs += busyAtEnd - driver.busySince;
    await Promise.race([Promise.allSettled([...this.inflight]), sleep(10_000)]);
  }

  private track<T>(work: Promise<T>): void {
    this.inflight.add(work);
    void work.finally(() => this.inflight.delete(work));
  }

  private send(call: CommandCall, token: string): Promise<Answer> {
    const sending = this.log.send(call.command, call.method, call.path, token, call.body);
    this.track(sending);
    return sending;
  }

  private async booking(arrival: Arrival): Promise<void> {
    const requester = this.people.requesters[arrival.requester % this.people.requesters.length]!;
    const bookedAt = nowMs();
    const answer = await this.send(dispatchCalls.book(arrival, requester.tokenNo), requester.token);
    if (answer.status !== 200) {
      this.counts.refused[answer.status] = (this.counts.refused[answer.status] ?? 0) + 1;
      return;
    }
    this.counts.booked += 1;
    this.book.booked(arrival, String(answer.body.rideId), bookedAt);
  }

  private listen(driver: SimDriver): void {
    const socket = this.live.get(driver.me.tokenNo)!;
    const { vehicleType } = driver.me;
    const listed = this.lists.of(vehicleType);
    socket.on('newRideRequest', (p) => {
      const entry = { rideId: String(p.rideId), position: Number(p.position), takeOver: false };
      this.lists.add(vehicleType, entry, true);
      this.hear(driver, entry);
    });
    socket.on('rideOffered', (p) => {
      const rideId = String(p.rideId);
      this.lists.offered(Number(p.position));
      this.counts.offers += 1;
      void this.book.known(rideId).then((ride) => (ride.offers += 1));
      this.offer(driver, rideId);
    });
    socket.on('redistributedRide', (p) => {
      const entry = {
        rideId: String(p.rideId),
        position: Number(p.position),
        takeOver: true,
        rideState: String(p.rideState),
        originalDriverId: String(p.originalDriverId),
      };
      this.lists.add(vehicleType, entry, false);
      this.hear(driver, entry);
    });
    socket.on('removeRide', (p) => {
      const rideId = String(p.rideId);
      this.lists.remove(vehicleType, rideId, Number(p.position));
      // Gone from his screen before he tapped it (another driver took it, his offer lapsed): he looks for another.
      if (driver.phase === 'reaching' && driver.ride === rideId && !driver.tapped && !listed.has(rideId)) {
        driver.reachId += 1;
        this.free(driver);
      }
    });
    socket.on('driverUnblocked', () => {
      if (driver.phase !== 'blocked') return;
      driver.location = driver.brokenAt ?? driver.location;
      this.free(driver);
    });
  }

  /** The maintenance head accepts each request at once and completes it after the repair (site minutes). */
  private listenAsHead(): void {
    const head = this.people.head;
    this.live.get(head.tokenNo)!.on('newMaintenanceRequest', (p) => {
      const requestId = String(p.requestId);
      this.track(
        (async () => {
          const accepted = await this.send(calls.maintenanceStatus(requestId, 'accepted'), head.token);
          if (accepted.status !== 200) return;
          await sleep(this.plan.repairMinutes * this.plan.minuteMs);
          await this.send(calls.maintenanceStatus(requestId, 'completed'), head.token);
        })(),
      );
    });
  }

  /** A free driver who hears of a ride on his list reaches for it. */
  private hear(driver: SimDriver, entry: Listed): void {
    if (
      driver.phase !== 'free' ||
      this.over ||
      driver.lost.has(`${entry.rideId}@${entry.position}`) ||
      entry.originalDriverId === driver.me.tokenNo
    )
      return;
    this.reach(driver, entry, false);
  }

  /**
   * rideOffered: the driver answers it after his reaction. Free, or reaching for a ride of the list he
   * has not tapped yet (the offer pops up over his list), he turns to it; reaching for this very ride
   * (its newRideRequest came first), it is an offer; anything else, see `answerOffer`.
   */
  private offer(driver: SimDriver, rideId: string): void {
    if (this.over) return;
    if (driver.phase === 'reaching' && driver.ride === rideId) driver.offered = true;
    else if (driver.phase === 'free' || (driver.phase === 'reaching' && !driver.tapped && !driver.offered))
      this.reach(driver, { rideId, position: -1, takeOver: false }, true);
    else this.track(this.answerOffer(driver, rideId, nowMs()));
  }

  /**
   * An offer to a driver the bench does not hold free: he tapped Accept on another ride, or his last
   * step's answer is still on its way (the engine freed him and offered him a ride before it answered).
   * After his reaction he takes it if he is free by then, else declines it.
   */
  private async answerOffer(driver: SimDriver, rideId: string, heardAt: number): Promise<void> {
    const ride = await this.react(driver, rideId, REACT, heardAt);
    if (!ride) return;
    if (driver.phase === 'free') {
      driver.phase = 'reaching';
      driver.ride = rideId;
      driver.offered = true;
      driver.reachId += 1;
      return this.act(driver, { rideId, position: -1, takeOver: false }, ride);
    }
    const answer = await this.send(dispatchCalls.decline(rideId), driver.me.token);
    if (answer.status === 200) this.counts.declinedBusy += 1;
  }

  /** Waits for the ride's booking answer and the driver's reaction to it; null when the shift is over or he gave the reach up meanwhile. */
  private async react(driver: SimDriver, rideId: string, kind: number, heardAt: number, reachId?: number): Promise<RideRecord | null> {
    const ride = await this.book.known(rideId);
    const due = heardAt + this.reaction(ride, driver, kind);
    await sleep(Math.max(0, Math.ceil(due - nowMs())));
    return this.over || (reachId !== undefined && reachId !== driver.reachId) ? null : ride;
  }

  private reaction(ride: RideRecord, driver: SimDriver, kind: number): number {
    const { reactionMinMs: min, reactionMaxMs: max } = this.plan;
    return min + drawFor(this.plan.seed, ride.arrival.index, driver.index, kind) * (max - min);
  }

  private reach(driver: SimDriver, entry: Listed, offered: boolean): void {
    driver.phase = 'reaching';
    driver.ride = entry.rideId;
    driver.offered = offered;
    driver.tapped = false;
    driver.reachId += 1;
    this.track(this.claim(driver, entry, nowMs(), driver.reachId));
  }

  private async claim(driver: SimDriver, entry: Listed, heardAt: number, reachId: number): Promise<void> {
    const ride = await this.react(driver, entry.rideId, entry.takeOver ? REACT_TAKE_OVER : REACT, heardAt, reachId);
    if (ride) await this.act(driver, entry, ride);
  }

  /** After his reaction: declines an offer (drawn), or accepts (takes over) the ride unless it left his list. */
  private async act(driver: SimDriver, entry: Listed, ride: RideRecord): Promise<void> {
    const { me } = driver;
    driver.tapped = true;
    if (driver.offered && drawFor(this.plan.seed, ride.arrival.index, driver.index, DECLINE) < this.plan.declineShare) {
      const declined = await this.send(dispatchCalls.decline(entry.rideId), me.token);
      if (declined.status === 200) this.counts.declinedByChoice += 1;
      return this.free(driver);
    }
    // Gone from his list while he reached for it (another driver took it): he does not tap Accept.
    if (!driver.offered && !this.lists.of(me.vehicleType).has(entry.rideId)) return this.free(driver);
    const answer = await this.send(
      entry.takeOver ? calls.takeOver(me.tokenNo, entry.rideId, entry.rideState) : calls.accept(me.tokenNo, entry.rideId),
      me.token,
    );
    if (answer.status !== 200) {
      this.counts.lostRaces += 1;
      driver.lost.add(`${entry.rideId}@${entry.position}`);
      return this.free(driver);
    }
    driver.phase = 'driving';
    driver.busySince = answer.at;
    ride.driverIds.push(me.tokenNo);
    if (entry.takeOver) this.counts.takenOver += 1;
    else {
      this.counts.accepted += 1;
      ride.acceptedAt = answer.at;
      ride.acceptedVia = driver.offered ? 'offer' : 'list';
    }
    await this.drive(driver, ride, entry.takeOver ? (STEP_AFTER[entry.rideState ?? 'accepted'] ?? 0) : 0);
  }

  /** Sends a step; false (and the driver left out) when the engine refuses it or the shift is over. */
  private async step(driver: SimDriver, call: CommandCall): Promise<Answer | null> {
    if (this.over) return null;
    const answer = await this.send(call, driver.me.token);
    if (answer.status === 200) return answer;
    driver.phase = 'stuck';
    this.counts.stuck += 1;
    if (this.counts.stuckMessages.length < 5)
      this.counts.stuckMessages.push(
        `${driver.me.tokenNo} ${call.command} ${String(call.body && (call.body as { rideId?: string }).rideId)}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`,
      );
    return null;
  }

  private travel(minutes: number): Promise<void> {
    return sleep(minutes * this.plan.minuteMs);
  }

  /** From the ride's state as he takes it: start, empty trip to the pickup, pick, loaded trip, drop, complete. */
  private async drive(driver: SimDriver, ride: RideRecord, from: number): Promise<void> {
    const { fromLocation: pickup, toLocation: drop, breakdown } = ride.arrival;
    const breaksDown = breakdown !== null && !ride.brokeDown && ride.driverIds.length === 1;
    const empty = from <= 2 ? this.site.minutes(driver.location, pickup) : 0;
    ride.emptyMinutes += empty;
    if (from === 0 && !(await this.step(driver, dispatchCalls.step(ride.rideId, 'start')))) return;
    if (breaksDown && breakdown === 'started') {
      await this.travel(empty / 2);
      return this.breakDown(driver, ride, driver.location);
    }
    await this.travel(empty);
    driver.location = pickup;
    if (from <= 1) {
      const picked = await this.step(driver, dispatchCalls.step(ride.rideId, 'materialPicked'));
      if (!picked) return;
      ride.pickedAt ??= picked.at;
    }
    if (breaksDown && breakdown === 'material_picked') return this.breakDown(driver, ride, pickup);
    if (from <= 2) {
      await this.travel(this.site.minutes(pickup, drop));
      if (!(await this.step(driver, dispatchCalls.step(ride.rideId, 'materialDropped')))) return;
      driver.location = drop;
    }
    const ended = await this.step(driver, dispatchCalls.complete(ride.rideId));
    if (!ended) return;
    ride.endedAt = ended.at;
    this.lastEndAt = Math.max(this.lastEndAt, ended.at);
    this.counts.ended += 1;
    driver.busyMs += ended.at - driver.busySince;
    this.free(driver);
  }

  private async breakDown(driver: SimDriver, ride: RideRecord, at: string): Promise<void> {
    if (this.over) return;
    ride.brokeDown = true;
    const filed = await this.send(calls.breakdown(driver.me, ride.rideId), driver.me.token);
    if (filed.status !== 200) {
      driver.phase = 'stuck';
      this.counts.stuck += 1;
      this.counts.stuckMessages.push(
        `${driver.me.tokenNo} breakdown ${ride.rideId}: ${filed.status} ${JSON.stringify(filed.body).slice(0, 200)}`,
      );
      return;
    }
    this.counts.breakdowns += 1;
    driver.busyMs += filed.at - driver.busySince;
    // Freed by driverUnblocked once the maintenance head completes the request.
    driver.phase = 'blocked';
    driver.ride = null;
    driver.brokenAt = at;
  }

  /** Free again: he takes the ride that waits longest on his list (take-overs, then urgent ones, first). */
  private free(driver: SimDriver): void {
    driver.phase = 'free';
    driver.ride = null;
    driver.offered = false;
    if (this.over) return;
    const order = (entry: Listed) => {
      const ride = this.book.rides.get(entry.rideId);
      return [entry.takeOver ? 0 : 1, ride?.arrival.priority === 'urgent' ? 0 : 1, ride?.arrival.index ?? Infinity] as const;
    };
    const next = this.lists
      .open(driver.me.vehicleType)
      .filter((entry) => !driver.lost.has(`${entry.rideId}@${entry.position}`) && entry.originalDriverId !== driver.me.tokenNo)
      .map((entry) => ({ entry, key: order(entry) }))
      .sort((a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1] || a.key[2] - b.key[2])[0];
    if (next) this.reach(driver, next.entry, false);
  }
}
