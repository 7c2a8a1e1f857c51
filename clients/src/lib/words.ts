/** Words screens share (docs/GLOSSARY.md): one word per thing a person sees. */

/** A ride's type as people read it: the stored RIDE_TYPE 'Regular' is a Fixed Ride, the word the requester booked it under. */
export function rideTypeLabel(rideType: string | null | undefined): string {
  if (rideType === 'Regular') return 'Fixed Ride';
  if (rideType === 'Special Task') return 'Special Task Ride';
  return rideType || 'Unknown';
}
