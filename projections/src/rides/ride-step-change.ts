import type { RideEvent } from '@plantride/schemas';
import { instantText } from '../timestamp';

type StepEvent = Extract<RideEvent, { type: 'RideStarted' | 'MaterialPicked' | 'MaterialDropped' | 'RideEnded' }>;

/** A driver's step as row columns every ride read model shares: the SPEC §4 status and the step's own time. */
export function rideStepChange(event: StepEvent): {
  status: string;
  started_at?: string;
  picked_at?: string;
  dropped_at?: string;
  ended_at?: string;
} {
  switch (event.type) {
    case 'RideStarted':
      return { status: 'started', started_at: instantText(event.data.startedAt) };
    case 'MaterialPicked':
      return { status: 'material picked', picked_at: instantText(event.data.pickedAt) };
    case 'MaterialDropped':
      return { status: 'delivered', dropped_at: instantText(event.data.droppedAt) };
    case 'RideEnded':
      return { status: 'completed', ended_at: instantText(event.data.endedAt) };
  }
}
