import type { RideEvent } from '@plantride/schemas';

type StepEvent = Extract<RideEvent, { type: 'RideStarted' | 'MaterialPicked' | 'MaterialDropped' | 'RideEnded' }>;

/** A driver's step as row columns every ride read model shares: the SPEC §4 status and the step's own time. */
export function rideStepChange(event: StepEvent): { status: string; started_at?: Date; picked_at?: Date; dropped_at?: Date; ended_at?: Date } {
  switch (event.type) {
    case 'RideStarted':
      return { status: 'started', started_at: new Date(event.data.startedAt) };
    case 'MaterialPicked':
      return { status: 'material picked', picked_at: new Date(event.data.pickedAt) };
    case 'MaterialDropped':
      return { status: 'delivered', dropped_at: new Date(event.data.droppedAt) };
    case 'RideEnded':
      return { status: 'completed', ended_at: new Date(event.data.endedAt) };
  }
}
