import { useQuery } from '@tanstack/react-query';
import { onShiftAnswerSchema, type OnShiftAnswer, type VehicleType } from '@plantride/schemas';
import { api } from '../../../lib/api-client';
import { driverKeys } from '../../../lib/query-keys';
import { i18n } from '../../../i18n/i18n';

// Shifts and rides change by the minute: the form's line is read again while it is open.
const REREAD_MS = 30_000;

/** How many drivers of the type are on shift and free now (issue #32 item 7), for the booking form. */
export const useDriversOnShift = (vehicleType: VehicleType) =>
  useQuery({
    queryKey: driverKeys.onShift(vehicleType),
    queryFn: (): Promise<OnShiftAnswer> => api(`/api/drivers/on-shift/${encodeURIComponent(vehicleType)}`, { schema: onShiftAnswerSchema }),
    refetchInterval: REREAD_MS,
  });

/** 'No Forklift driver is on shift now; …' or '2 of 3 Forklift drivers on shift are free now.' */
export function onShiftLine(vehicleType: VehicleType, { onShift, free }: OnShiftAnswer): string {
  if (onShift === 0) return i18n.t('requester.noneOnShift', { vehicleType });
  return `${free} of ${onShift} ${vehicleType} ${onShift === 1 ? 'driver on shift is' : 'drivers on shift are'} free now.`;
}
