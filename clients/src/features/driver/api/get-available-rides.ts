import { useQuery } from '@tanstack/react-query';
import { availableRidesAnswerSchema, type ServerRide, type VehicleType } from '@plantride/schemas';
import { api } from '../../../lib/api-client';

export async function getAvailableRides(vehicleType: VehicleType, position: number): Promise<ServerRide[]> {
  const answer = await api(`/api/drivers/available-rides?vehicleType=${encodeURIComponent(vehicleType)}`, { schema: availableRidesAnswerSchema, position });
  return answer.rides.rows;
}

/** Requested and redistributed rides of the driver's vehicle type, newest first; each ride event moves `position`. */
export function useAvailableRides(vehicleType: VehicleType | null, position: number) {
  return useQuery({
    queryKey: ['available-rides', vehicleType, position],
    queryFn: () => getAvailableRides(vehicleType as VehicleType, position),
    enabled: vehicleType !== null,
    placeholderData: (previous) => previous,
  });
}
