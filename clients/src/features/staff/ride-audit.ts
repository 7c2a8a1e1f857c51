import {
  DRIVER_STEP_FACTS,
  bookingTrackerStep,
  stepClockNote,
  stepScanNote,
  type Actor,
  type RideStatus,
  type RideTimestamps,
  type TimelineEvent,
} from '@plantride/schemas';
import { formatAuditDateTime } from '../../lib/format-date';
import { translateMessage } from '../../i18n/translate-message';
import { i18n } from '../../i18n/i18n';
import { staffEn } from '../../i18n/staff/en';

export interface AuditDriver {
  id: string;
  name: string;
}

/** The ride as it stood right after one of its events: what the replayed tracker shows. */
export interface AuditMoment {
  event: TimelineEvent;
  status: RideStatus | null;
  /** The six-step tracker's step; while it waits for another driver, the step it will resume at. */
  step: number;
  timestamps: RideTimestamps;
  driver: AuditDriver | null;
  /** The driver whose vehicle broke down, once the ride was redistributed. */
  brokenDown: AuditDriver | null;
}

/** The tracker's time each event sets, and the event's own field for it (a step's is the tap's, issue #32 item 2). */
const STEP_TIME: Partial<Record<string, [keyof RideTimestamps, string]>> = {
  RideRequested: ['creation_time', 'requestedAt'],
  RideAccepted: ['accept_time', 'acceptedAt'],
  RideStarted: ['start_time', 'startedAt'],
  MaterialPicked: ['material_pick_time', 'pickedAt'],
  MaterialDropped: ['material_drop_time', 'droppedAt'],
  RideEnded: ['end_time', 'endedAt'],
};

const STEP_EVENTS: ReadonlySet<string> = new Set(Object.values(DRIVER_STEP_FACTS));

/** A driver step's clock in words (timed at the tap and heard later, or the phone's time not used); null otherwise. */
export const stepClockText = (event: TimelineEvent): string | null =>
  STEP_EVENTS.has(event.type) ? stepClockNote(event.data, formatAuditDateTime) : null;

/** A driver step's clock and its scan (issue #34 item 2: scanned, or an override with the driver's reason), in words; null when neither says anything. */
export function stepText(event: TimelineEvent): string | null {
  const notes = [stepClockText(event), STEP_EVENTS.has(event.type) ? stepScanNote(event.data) : null].filter((note) => note !== null);
  return notes.length > 0 ? notes.map(translateMessage).join('. ') : null;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const driverOf = (data: Record<string, unknown>, id: string, name: string): AuditDriver => ({ id: text(data[id]), name: text(data[name]) });

/** Replays the loaded events up to `index` (inclusive): the answer already holds the state after each one. */
export function auditMomentAt(events: readonly TimelineEvent[], index: number): AuditMoment {
  const timestamps: RideTimestamps = {
    creation_time: null,
    accept_time: null,
    start_time: null,
    material_pick_time: null,
    material_drop_time: null,
    end_time: null,
  };
  let driver: AuditDriver | null = null;
  let brokenDown: AuditDriver | null = null;
  let resumeStatus: string | null = null;
  const last = Math.max(0, Math.min(index, events.length - 1));
  for (const event of events.slice(0, last + 1)) {
    const [key, field] = STEP_TIME[event.type] ?? [];
    // A step reached again after a take-over keeps the time it was first reached.
    if (key && timestamps[key] === null) timestamps[key] = (field && text(event.data[field])) || event.time;
    if (event.type === 'RideAccepted' || event.type === 'RideTakenOver' || event.type === 'RideAssigned')
      driver = driverOf(event.data, 'driverId', 'driverName');
    // Staff's assignment (issue #32 item 4) of a ride that never had a driver is its acceptance.
    if (event.type === 'RideAssigned' && timestamps.accept_time === null)
      timestamps.accept_time = text(event.data.assignedAt) || event.time;
    if (event.type === 'RideRedistributed') {
      brokenDown = driverOf(event.data, 'originalDriverId', 'originalDriverName');
      resumeStatus = text(event.data.resumeState);
      driver = null;
    }
  }
  const event = events[last] as TimelineEvent;
  const status = event.state.status;
  const step = status === 'waiting_for_reassignment' && resumeStatus ? bookingTrackerStep(resumeStatus) : bookingTrackerStep(status);
  return { event, status, step, timestamps, driver, brokenDown };
}

/** The index of the last event recorded at or before `time` (ms); 0 before the first. */
export function eventIndexAt(events: readonly TimelineEvent[], time: number): number {
  let found = 0;
  events.forEach((event, index) => {
    if (Date.parse(event.time) <= time) found = index;
  });
  return found;
}

/** Where Home and End take the replay scrubber: the first and the last event, not one step; null for other keys. */
export function scrubberKeyIndex(key: string, eventCount: number): number | null {
  if (eventCount === 0) return null;
  if (key === 'Home') return 0;
  if (key === 'End') return eventCount - 1;
  return null;
}

const EVENT_TYPES: ReadonlySet<string> = new Set(Object.keys(staffEn.audit.events));

/**
 * What an auditor reads under an event's label: a step's clock, or for staff's assignment (issue
 * #32 item 4) to whom, from whom it was taken back, and why; null for the rest.
 */
export function eventNote(event: TimelineEvent): string | null {
  if (event.type !== 'RideAssigned') return stepText(event);
  const to = driverOf(event.data, 'driverId', 'driverName');
  const from = text(event.data.fromDriverId);
  return [
    i18n.t('staff.audit.assignedTo', { driver: to.name ? `${to.name} (${to.id})` : to.id }),
    from ? i18n.t('staff.audit.takenBackFrom', { driver: from }) : '',
    i18n.t('staff.audit.reason', { reason: text(event.data.reason) }),
  ].join('');
}

/** An event type in words; an unknown one is split at its capitals. */
export const eventLabel = (type: string): string =>
  EVENT_TYPES.has(type)
    ? i18n.t(`staff.audit.events.${type as keyof typeof staffEn.audit.events}`)
    : type.replace(/([a-z])([A-Z])/g, '$1 $2');

/** Who caused an event: a person's token number and role, or the system part that did. */
export const actorLabel = (actor: Actor): string =>
  'system' in actor
    ? i18n.t('staff.audit.systemActor', { system: actor.system })
    : 'service' in actor
      ? i18n.t('staff.audit.serviceActor', { name: actor.name })
      : i18n.t('staff.audit.personActor', {
          tokenNo: actor.tokenNo,
          role: Object.hasOwn(staffEn.audit.roles, actor.role)
            ? i18n.t(`staff.audit.roles.${actor.role as keyof typeof staffEn.audit.roles}`)
            : actor.role,
        });
