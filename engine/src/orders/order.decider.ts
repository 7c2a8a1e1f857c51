import {
  MESSAGES,
  SERVICE_MESSAGES,
  isOngoing,
  orderStreamId,
  rideStatusOf,
  triggerStreamId,
  type ServiceAccountEvent,
  type ServiceAccountEventOf,
} from '@plantride/schemas';
import type { CommandHandler, StatesOf, StreamRef } from '../commands/command-handler';
import { badRequest, conflict, notFound } from '../commands/errors';
import type { FreeDrivers } from '../dispatch/offers';
import { bookRide, bookingDecision, cancellation, rideStream, type BookRideCommand, type BookingStreams } from '../rides/ride.decider';
import {
  accountIn,
  callingAccount,
  serviceAccountsStream,
  type ServiceAccount,
  type ServiceAccountsRef,
  type ServiceAccountsState,
  type ServiceTrigger,
} from '../service-accounts/service-account.decider';

/*
 * Orders from the plant's systems (issue #33 item 2). An order is a booking by a service account: the
 * booking's own rules decide the ride (`bookingDecision`, the same as a person's booking), and the
 * order's stream, keyed by the account and the caller's `externalRef`, makes a repeat answer the
 * ride booked the first time, whoever's repeat arrives first. A machine trigger books its account's
 * preconfigured ride; presses inside its window book none.
 */

type Placed = ServiceAccountEventOf<'OrderPlaced'>['data'];
export interface OrderState {
  placed: Placed | null;
}
export type OrderRef = StreamRef<OrderState, ServiceAccountEvent>;
export const orderStream = (accountId: string, externalRef: string): OrderRef => ({
  id: orderStreamId(accountId, externalRef),
  initial: () => ({ placed: null }),
  evolve: (state, event) => (event.type === 'OrderPlaced' ? { placed: event.data } : state),
});

type Pressed = ServiceAccountEventOf<'TriggerPressed'>['data'];
export interface TriggerState {
  /** The last press that booked a ride. */
  last: Pressed | null;
}
export type TriggerRef = StreamRef<TriggerState, ServiceAccountEvent>;
export const triggerStream = (accountId: string, triggerId: string): TriggerRef => ({
  id: triggerStreamId(accountId, triggerId),
  initial: () => ({ last: null }),
  evolve: (state, event) => (event.type === 'TriggerPressed' ? { last: event.data } : state),
});

/** The name a system's ride is booked under: its requester's, else its cost centre, else the account's. */
function requesterOf(
  booking: BookRideCommand['data'],
  account: ServiceAccount,
  requester: StatesOf<BookingStreams>['requester'],
  costCentre: string | null,
) {
  if (booking.requesterId !== account.accountId) {
    if (!requester) throw badRequest(MESSAGES.userNotFound);
    return requester;
  }
  return { name: costCentre ?? account.name, mobile: '' };
}

export interface PlaceOrderCommand {
  type: 'PlaceOrder';
  data: {
    accountId: string;
    externalRef: string;
    /** What the order asked (its body's digest): the same ref with another body is refused. */
    requestDigest: string;
    costCentre: string | null;
    callbackTag: string | null;
    /** The booking, for its requester (a token number) or, without one, for the account itself. */
    booking: BookRideCommand['data'];
  };
  free?: FreeDrivers;
}

type OrderStreams = BookingStreams & { accounts: ServiceAccountsRef; order: OrderRef };

const bookingOf = (booking: BookRideCommand['data'], free: FreeDrivers | undefined): BookRideCommand => ({
  type: 'BookRide',
  data: booking,
  ...(free ? { free } : {}),
});

/** POST /api/v1/orders: a repeat (same ref, same body) appends nothing and answers the first ride; another body under the ref is 409. */
export const placeOrder: CommandHandler<PlaceOrderCommand, OrderStreams> = {
  streams: (command, read) => ({
    ...bookRide.streams(bookingOf(command.data.booking, command.free), read),
    accounts: serviceAccountsStream(),
    order: orderStream(command.data.accountId, command.data.externalRef),
  }),
  decide(command, { accounts, order, requester, ...booking }, { now, actor }) {
    const { data } = command;
    const account = callingAccount(actor, accounts, data.accountId, 'orders:write');
    if (order.placed) {
      if (order.placed.requestDigest === data.requestDigest) return {};
      throw conflict(SERVICE_MESSAGES.orderRefTaken);
    }
    const names = requesterOf(data.booking, account, requester, data.costCentre);
    const booked = bookingDecision(bookingOf(data.booking, command.free), booking, names, now);
    const placed: ServiceAccountEvent = {
      type: 'OrderPlaced',
      data: {
        accountId: data.accountId,
        externalRef: data.externalRef,
        rideId: data.booking.rideId,
        requestDigest: data.requestDigest,
        costCentre: data.costCentre,
        callbackTag: data.callbackTag,
        placedAt: now.toISOString(),
      },
    };
    return { ...booked, order: [placed] };
  },
};

export interface CancelOrderCommand {
  type: 'CancelOrder';
  data: { accountId: string; externalRef: string };
}

/** DELETE /api/v1/orders/{externalRef}: the account's own order, while the ride may be cancelled (as for its requester). */
export const cancelOrder: CommandHandler<
  CancelOrderCommand,
  { accounts: ServiceAccountsRef; order: OrderRef; ride?: ReturnType<typeof rideStream> }
> = {
  streams: (command, read) => ({
    accounts: serviceAccountsStream(),
    order: orderStream(command.data.accountId, command.data.externalRef),
    ...(read.order?.placed ? { ride: rideStream(read.order.placed.rideId) } : {}),
  }),
  decide(command, { accounts, order, ride }, { now, actor }) {
    const account = callingAccount(actor, accounts, command.data.accountId, 'orders:write');
    if (!order.placed || !ride) throw notFound(SERVICE_MESSAGES.orderNotFound);
    return { ride: cancellation(ride, account.accountId, now) };
  },
};

export interface PressTriggerCommand {
  type: 'PressTrigger';
  /** `rideId`: the ride a press books, made up by the route (unused when the press falls in the window). */
  data: { accountId: string; triggerId: string; rideId: string };
  free?: FreeDrivers;
}

type TriggerStreams = Partial<BookingStreams> & {
  accounts: ServiceAccountsRef;
  trigger: TriggerRef;
  lastRide?: ReturnType<typeof rideStream>;
};

/** The booking a trigger's press makes: its preconfigured ride, for its requester or its account. */
function triggerBooking(command: PressTriggerCommand, trigger: ServiceTrigger): BookRideCommand['data'] {
  return {
    rideId: command.data.rideId,
    requesterId: trigger.requesterId ?? command.data.accountId,
    requesterName: '',
    requesterMobile: '',
    fromLocation: trigger.fromLocation,
    toLocation: trigger.toLocation,
    vehicleType: trigger.vehicleType,
    rideType: 'Regular',
    durationMinutes: null,
    priority: trigger.priority,
  };
}

const triggerOf = (accounts: ServiceAccountsState | undefined, { accountId, triggerId }: PressTriggerCommand['data']) => {
  const account = accounts && accountIn(accounts, accountId);
  return account && Object.hasOwn(account.triggers, triggerId) ? account.triggers[triggerId] : undefined;
};

/** Whether a press at `now` repeats the press that booked `last`: inside the trigger's window, its ride still open. */
function repeatsLastPress(trigger: ServiceTrigger, last: Pressed | null, lastRide: StatesOf<TriggerStreams>['lastRide'], now: Date) {
  if (!last || !lastRide) return false;
  const status = rideStatusOf(lastRide);
  const inWindow = now.getTime() - Date.parse(last.pressedAt) < trigger.windowSeconds * 1000;
  return inWindow && status !== null && isOngoing(status);
}

/** POST /api/v1/triggers/{triggerId}: a button or a PLC asks for the trigger's ride. */
export const pressTrigger: CommandHandler<PressTriggerCommand, TriggerStreams> = {
  streams: (command, read) => {
    const trigger = triggerOf(read.accounts, command.data);
    const last = read.trigger?.last;
    return {
      accounts: serviceAccountsStream(),
      trigger: triggerStream(command.data.accountId, command.data.triggerId),
      ...(last ? { lastRide: rideStream(last.rideId) } : {}),
      ...(trigger ? bookRide.streams(bookingOf(triggerBooking(command, trigger), command.free), read) : {}),
    };
  },
  decide(command, states, { now, actor }) {
    const { accounts, trigger: pressed, lastRide, requester, ride, roster, dispatchSettings, site, taken } = states;
    const account = callingAccount(actor, accounts, command.data.accountId, 'orders:write');
    const trigger = triggerOf(accounts, command.data);
    if (!trigger) throw notFound(SERVICE_MESSAGES.triggerNotFound);
    if (repeatsLastPress(trigger, pressed.last, lastRide, now)) return {};
    if (!ride || !roster || !dispatchSettings || site === undefined) throw conflict();
    const booking = triggerBooking(command, trigger);
    const names = requesterOf(booking, account, requester ?? null, null);
    const booked = bookingDecision(bookingOf(booking, command.free), { ride, roster, dispatchSettings, site, taken }, names, now);
    const press: ServiceAccountEvent = {
      type: 'TriggerPressed',
      data: { accountId: account.accountId, triggerId: trigger.triggerId, rideId: booking.rideId, pressedAt: now.toISOString() },
    };
    return { ...booked, trigger: [press] };
  },
};
