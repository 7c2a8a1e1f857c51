import type { RideStatus } from '@plantride/schemas';
import { i18n } from '../i18n/i18n';

/** Words screens share (docs/GLOSSARY.md): one word per thing a person sees, in the language the screens speak. */

/** A ride's type as people read it: the stored RIDE_TYPE 'Regular' is a Fixed Ride, the word the requester booked it under. */
export function rideTypeLabel(rideType: string | null | undefined): string {
  if (rideType === 'Regular') return i18n.t('rideType.Regular');
  if (rideType === 'Special Task') return i18n.t('rideType.Special_Task');
  return rideType || i18n.t('rideType.unknown');
}

/** A ride's status as people read it: 'accepted' reads 'ongoing' (SPEC §4), underscores and all as words. */
export const rideStatusLabel = (status: RideStatus): string => i18n.t(`rideStatus.${status.replace(/ /g, '_') as 'material_picked'}`);
