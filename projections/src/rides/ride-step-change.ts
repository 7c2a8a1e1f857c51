import type { RideEvent } from '@plantride/schemas';
import { instantText } from '../timestamp';

type StepEvent = Extract<RideEvent, { type: 'RideStarted' | 'MaterialPicked' | 'MaterialDropped' | 'RideEnded' }>;

/** A driver's step as row columns every ride read model shares: the step's own time (the status is the statechart's fold). */
export function rideStepChange(event: StepEvent): {
  started_at?: string;
  picked_at?: string;
  dropped_at?: string;
  ended_at?: string;
} {
  switch (event.type) {
    case 'RideStarted':
      return { started_at: instantText(event.data.startedAt) };
    case 'MaterialPicked':
      return { picked_at: instantText(event.data.pickedAt) };
    case 'MaterialDropped':
      return { dropped_at: instantText(event.data.droppedAt) };
    case 'RideEnded':
      return { ended_at: instantText(event.data.endedAt) };
  }
}
