import { VEHICLE_TYPES } from '@plantride/schemas';

/** The vehicle types as a filter's options. */
export const VEHICLE_TYPE_CHOICES = VEHICLE_TYPES.map((type) => ({ value: type, label: type }));
