import { DEFAULT_INSPECTION_SETTINGS, INSPECTIONS_STREAM_ID, type InspectionEvent, type InspectionSettings } from '@plantride/schemas';
import type { StreamRef } from '../commands/command-handler';

type SettingsEvent = Extract<InspectionEvent, { type: 'InspectionSettingsChanged' }>;
export type InspectionSettingsRef = StreamRef<InspectionSettings, SettingsEvent>;

export const evolveInspectionSettings = (_state: InspectionSettings, event: SettingsEvent): InspectionSettings => event.data;

/** The plant's inspection settings as last replaced (issue #21): what taking a ride and the settings screen read. */
export const inspectionSettingsStream = (): InspectionSettingsRef => ({
  id: INSPECTIONS_STREAM_ID,
  initial: () => DEFAULT_INSPECTION_SETTINGS,
  evolve: evolveInspectionSettings,
});
