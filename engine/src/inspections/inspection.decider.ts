import { createHash } from 'node:crypto';
import {
  DEFAULT_CHECKLISTS,
  INSPECTION_MESSAGES,
  PHOTO_MESSAGES,
  SERVER_MESSAGES,
  checklistStreamId,
  failedItemsHaveNotes,
  plantDayOf,
  type ChecklistBody,
  type ChecklistItem,
  type DriverEvent,
  type InspectionAnswerItem,
  type InspectionEvent,
  type InspectionSettings,
  type MaintenanceEvent,
  type UserEvent,
  type VehicleInspected,
  type VehicleType,
} from '@plantride/schemas';
import type { CommandHandler, StreamRef } from '../commands/command-handler';
import { actorTokenNo, requireActor } from '../commands/actors';
import { badRequest, conflict, forbidden, notFound } from '../commands/errors';
import { driverStream, type DriverState } from '../drivers/driver.decider';
import { fileMaintenanceRequest, maintenanceStream, type MaintenanceState } from '../maintenance/maintenance.decider';
import { userStream, type UserState } from '../users/user.decider';
import { inspectionSettingsStream, type InspectionSettingsRef } from './inspection-settings';
import { photoIdsField, reportPhotos } from '../photos/photo-rules';

export { evolveInspectionSettings, inspectionSettingsStream } from './inspection-settings';

type ChecklistEvent = Extract<InspectionEvent, { type: 'ChecklistChanged' }>;
/** A vehicle type's checklist as an admin last saved it; null: never saved (its defaults apply). */
export type ChecklistState = ChecklistItem[] | null;
type ChecklistRef = StreamRef<ChecklistState, ChecklistEvent>;

export const evolveChecklist = (_state: ChecklistState, event: ChecklistEvent): ChecklistState => event.data.items;
export const checklistStream = (vehicleType: VehicleType): ChecklistRef => ({
  id: checklistStreamId(vehicleType),
  initial: () => null,
  evolve: evolveChecklist,
});
/** The checklist a driver of the type answers: the saved one, or the defaults. */
export const checklistOf = (vehicleType: VehicleType, state: ChecklistState): ChecklistItem[] => state ?? DEFAULT_CHECKLISTS[vehicleType];

/** A short id derived from the command (so a retry derives the same), with a prefix naming what it is. */
export function derivedId(prefix: string, commandId: string, index = 0): string {
  return `${prefix}${createHash('sha256').update(`${commandId}:${index}`).digest().readUIntBE(0, 5).toString(36).padStart(8, '0')}`;
}

export interface ChangeChecklistCommand {
  type: 'ChangeChecklist';
  data: { vehicleType: VehicleType; items: ChecklistBody['items'] };
  /** Where new items' ids come from: the command id (a retry assigns the same). */
  commandId: string;
}

const sameItems = (a: readonly ChecklistItem[], b: readonly ChecklistItem[]) =>
  a.length === b.length && a.every((item, i) => item.id === b[i]!.id && item.text === b[i]!.text && item.critical === b[i]!.critical);

/** PUT /api/checklists/{vehicleType} (admin): the whole list replaced; items without an id get one, ids sent are kept; the same list again appends nothing. */
export const changeChecklist: CommandHandler<ChangeChecklistCommand, { checklist: ChecklistRef }> = {
  streams: (command) => ({ checklist: checklistStream(command.data.vehicleType) }),
  decide(command, { checklist }, { actor }) {
    requireActor(actor, 'admin');
    const { vehicleType } = command.data;
    const items = command.data.items.map((item, index) => ({
      id: item.id ?? derivedId('i-', command.commandId, index),
      text: item.text.trim(),
      critical: item.critical,
    }));
    if (new Set(items.map((item) => item.id)).size !== items.length) throw badRequest(INSPECTION_MESSAGES.duplicateItemId);
    if (sameItems(checklistOf(vehicleType, checklist), items)) return {};
    return { checklist: [{ type: 'ChecklistChanged', data: { vehicleType, items } }] };
  },
};

export interface ChangeInspectionSettingsCommand {
  type: 'ChangeInspectionSettings';
  data: InspectionSettings;
}

/** PUT /api/inspections/settings (admin); the same setting again appends nothing. */
export const changeInspectionSettings: CommandHandler<ChangeInspectionSettingsCommand, { settings: InspectionSettingsRef }> = {
  streams: () => ({ settings: inspectionSettingsStream() }),
  decide(command, { settings }, { actor }) {
    requireActor(actor, 'admin');
    if (settings.inspectionRequired === command.data.inspectionRequired) return {};
    return { settings: [{ type: 'InspectionSettingsChanged', data: { inspectionRequired: command.data.inspectionRequired } }] };
  },
};

export interface InspectVehicleCommand {
  type: 'InspectVehicle';
  data: { inspectionId: string; operatorId: string; items: InspectionAnswerItem[] };
  /** The request a failed critical item files (derived from the command id, as a driver's own request's). */
  maintenanceRequestId: string;
  /** Issue #34: who took each photo the answers name that is stored (the route reads the photo store). */
  photoOwners?: ReadonlyMap<string, string>;
}

type InspectStreams = {
  driver: StreamRef<DriverState, DriverEvent>;
  account: StreamRef<UserState, UserEvent>;
  request: StreamRef<MaintenanceState, MaintenanceEvent>;
  checklist?: ChecklistRef;
};

type InspectedItem = VehicleInspected['data']['items'][number];

/** Every checklist item answered exactly once, nothing else; each failed one with a note, and with his own photos if any. */
function answered(
  checklist: readonly ChecklistItem[],
  answers: readonly InspectionAnswerItem[],
  photoOwners: ReadonlyMap<string, string>,
  operatorId: string,
): InspectedItem[] {
  if (!failedItemsHaveNotes(answers)) throw badRequest(INSPECTION_MESSAGES.noteRequired);
  const known = new Set(checklist.map((item) => item.id));
  if (answers.some((answer) => !known.has(answer.id))) throw badRequest(INSPECTION_MESSAGES.unknownItem);
  const byId = new Map(answers.map((answer) => [answer.id, answer]));
  if (byId.size !== answers.length || answers.length !== checklist.length) throw badRequest(INSPECTION_MESSAGES.answerEveryItem);
  if (answers.some((answer) => answer.ok && (answer.photoIds?.length ?? 0) > 0)) throw badRequest(PHOTO_MESSAGES.onlyFailedItems);
  return checklist.map((item) => {
    const answer = byId.get(item.id)!;
    const photoIds = reportPhotos(answer.photoIds ?? [], photoOwners, operatorId);
    return { ...item, ok: answer.ok, note: answer.note?.trim() || null, ...photoIdsField(photoIds) };
  });
}

/**
 * POST /api/inspections (issue #21): a driver inspects his own vehicle (his record's type and number)
 * against its checklist as it stands; the items keep their texts. A failed critical item takes the
 * vehicle out of service in the same append: he is blocked and a full-breakdown request is filed,
 * as his own request would. Blocked or mid-ride, he cannot inspect.
 */
export const inspectVehicle: CommandHandler<InspectVehicleCommand, InspectStreams> = {
  streams(command, read) {
    const { operatorId } = command.data;
    const vehicleType = read.driver?.record?.vehicleAssigned;
    return {
      driver: driverStream(operatorId),
      account: userStream(operatorId),
      request: maintenanceStream(command.maintenanceRequestId),
      ...(vehicleType ? { checklist: checklistStream(vehicleType) } : {}),
    };
  },
  decide(command, { driver, account, request, checklist }, { now, actor }) {
    const { inspectionId, operatorId } = command.data;
    requireActor(actor, 'driver');
    if (actorTokenNo(actor) !== operatorId) throw forbidden();
    const { record } = driver;
    if (!record || !account) throw notFound(SERVER_MESSAGES.driverNotFound);
    const vehicleType = record.vehicleAssigned;
    if (!vehicleType) throw badRequest(INSPECTION_MESSAGES.noVehicleType);
    if (driver.blockedFor) throw conflict(INSPECTION_MESSAGES.blockedCannotInspect);
    if (driver.ongoingRideId) throw conflict(INSPECTION_MESSAGES.midRideCannotInspect);
    const items = answered(checklistOf(vehicleType, checklist ?? null), command.data.items, command.photoOwners ?? new Map(), operatorId);
    const passed = !items.some((item) => item.critical && !item.ok);
    const at = now.toISOString();
    const inspected = (maintenanceRequestId?: string): DriverEvent => ({
      type: 'VehicleInspected',
      data: {
        inspectionId,
        operatorId,
        vehicleType,
        vehicleNumber: record.vehicle,
        day: plantDayOf(now),
        items,
        passed,
        inspectedAt: at,
        ...(maintenanceRequestId ? { maintenanceRequestId } : {}),
      },
    });
    if (passed) return { driver: [inspected()] };
    const failed = items.filter((item) => !item.ok);
    const filing = fileMaintenanceRequest(
      request,
      driver,
      {
        requestId: command.maintenanceRequestId,
        driverId: operatorId,
        driverName: record.name || account.name,
        vehicleType,
        vehicleNumber: record.vehicle || null,
        issue: `Daily inspection failed: ${failed.map((item) => item.text).join('; ')}`,
        commentText: failed.map((item) => `${item.text}: ${item.note ?? ''}`).join('\n'),
        breakdownType: 'full',
        rideId: null,
        // The failed items' photos go with the request the maintenance head reads.
        ...photoIdsField([...new Set(failed.flatMap((item) => item.photoIds ?? []))]),
      },
      at,
    );
    return { driver: [inspected(command.maintenanceRequestId), ...filing.driver], request: filing.request };
  },
};
