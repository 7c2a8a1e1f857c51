import { checkAssignedAnswerSchema, type VehicleType } from '@plantride/schemas';
import { api } from '../../../lib/api-client';

/** How many Active drivers the vehicle type has; booking needs at least one (SPEC §5). */
export async function checkAssigned(vehicleType: VehicleType): Promise<number> {
  const answer = await api(`/api/drivers/check-assigned/${encodeURIComponent(vehicleType)}`, { schema: checkAssignedAnswerSchema });
  return answer.count;
}
