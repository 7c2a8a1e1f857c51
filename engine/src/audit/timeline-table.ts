import {
  DATE_LOCALE,
  PLANT_TIME_ZONE,
  stepClockNote,
  stepScanNote,
  type Actor,
  type RideEvent,
  type RideState,
  type RideTimelineAnswer,
  type TimelineEvent,
} from '@plantride/schemas';

export const plantTime = (iso: string) => new Date(iso).toLocaleString(DATE_LOCALE, { timeZone: PLANT_TIME_ZONE });

export const actorText = (actor: Actor) =>
  'tokenNo' in actor
    ? `${actor.tokenNo} (${actor.role})`
    : 'system' in actor
      ? `system: ${actor.system}`
      : `service: ${actor.name} (${actor.service})`;

/** The spec's status, and the statechart's own state where it says more ("started  inProgress.started"). */
export function stateText(state: RideState): string {
  const path =
    typeof state.value === 'string'
      ? state.value
      : Object.entries(state.value)
          .map(([parent, child]) => `${parent}.${child}`)
          .join(', ');
  return state.status === null || state.status === path ? path : `${state.status}  ${path}`;
}

const named = (id: string, name: string | null | undefined) => (name ? `${id} ${name}` : id);
const vehicle = (number: string | null) => (number ? `, vehicle ${number}` : '');

/** The few fields of an event an auditor reads first. */
export function keyData(event: TimelineEvent): string {
  const e = { type: event.type, data: event.data } as RideEvent;
  switch (e.type) {
    case 'RideRequested': {
      const d = e.data;
      const duration = d.durationMinutes === null ? '' : `, duration ${d.durationMinutes} min`;
      return `for ${named(d.requesterId, d.requesterName)}: ${d.fromLocation} → ${d.toLocation}, ${d.vehicleType} ${d.rideType}, est. ${d.estimatedMinutes} min${duration}`;
    }
    case 'RideAccepted':
      return `driver ${named(e.data.driverId, e.data.driverName)}${vehicle(e.data.vehicleNumber)}`;
    case 'RideStarted':
    case 'MaterialPicked':
    case 'MaterialDropped':
    case 'RideEnded': {
      // Issue #34 item 2: the step's scan, or the override and its reason.
      const notes = [stepClockNote(e.data, plantTime), stepScanNote(e.data)].filter((note) => note !== null);
      return `driver ${e.data.driverId}${notes.map((note) => `; ${note}`).join('')}`;
    }
    case 'RideCancelled':
      return `by ${e.data.cancelledBy}`;
    case 'RideRedistributed': {
      const comment = e.data.maintenanceComment ? `: "${e.data.maintenanceComment}"` : '';
      return `from driver ${named(e.data.originalDriverId, e.data.originalDriverName)} at ${e.data.resumeState}${comment}`;
    }
    case 'RideTakenOver':
      return `driver ${named(e.data.driverId, e.data.driverName)}${vehicle(e.data.vehicleNumber)}, resumes at ${e.data.resumeState}`;
    case 'RideAssigned': {
      // Issue #32 item 4: who gave it, to whom, from whom, and why.
      const from = e.data.fromDriverId ? `, taken back from driver ${e.data.fromDriverId}` : '';
      return `by ${e.data.assignedBy} to driver ${named(e.data.driverId, e.data.driverName)}${vehicle(e.data.vehicleNumber)}${from}: "${e.data.reason}"`;
    }
    default:
      return JSON.stringify(event.data);
  }
}

function table(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)];
}

function rideSummary(timeline: RideTimelineAnswer): string[] {
  const { ride } = timeline;
  if (!ride) return [];
  const lines = [
    `Status: ${stateText(ride)}`,
    `Requester: ${named(ride.requester.tokenNo, ride.requester.name)}${ride.requester.mobile ? ` (${ride.requester.mobile})` : ''}`,
    `Driver: ${ride.driver ? `${named(ride.driver.tokenNo, ride.driver.name)}${vehicle(ride.driver.vehicleNumber)}` : 'none'}`,
  ];
  if (ride.originalDriverId) lines.push(`Original driver: ${ride.originalDriverId}`);
  const times = Object.entries(ride.timestamps).filter((entry): entry is [string, string] => entry[1] !== null);
  lines.push(...times.map(([name, time]) => `${name}: ${plantTime(time)}`));
  return lines;
}

/** The timeline as the replay command prints it: a heading, one row per event, the ride it adds up to. */
export function formatTimelineTable(timeline: RideTimelineAnswer): string {
  const asOf = timeline.at ? ` as it stood at ${plantTime(timeline.at)} (${timeline.at})` : '';
  const heading = `Ride ${timeline.rideId}${asOf} — times in ${PLANT_TIME_ZONE}`;
  if (timeline.events.length === 0) return `${heading}\nThe ride had not been requested yet.\n`;
  const rows = timeline.events.map((event) => [
    String(event.streamPosition),
    String(event.position),
    plantTime(event.time),
    actorText(event.actor),
    event.type,
    keyData(event),
    stateText(event.state),
  ]);
  const lines = [
    heading,
    '',
    ...table(['#', 'Position', 'Time', 'Actor', 'Event', 'Details', 'State after'], rows),
    '',
    ...rideSummary(timeline),
  ];
  return `${lines.join('\n')}\n`;
}
