import { useMutation } from '@tanstack/react-query';
import { maintenanceRequestAnswerSchema, photoPath, type MaintenanceRequestBody } from '@plantride/schemas';
import { MESSAGES } from '@plantride/schemas';
import { api } from '../../../lib/api-client';
import { enqueue } from '../../../lib/offline-queue';
import { type PickedPhoto } from '../../../components/photos/picked-photos';

export type MaintenanceRequestInput = Omit<MaintenanceRequestBody, 'status'> & { status: 'pending' };

export function requestMaintenance(body: MaintenanceRequestInput) {
  return api('/api/requests/maintenanceReq', { method: 'POST', body, schema: maintenanceRequestAnswerSchema });
}

export function useRequestMaintenance() {
  return useMutation({ mutationFn: requestMaintenance });
}

export const MAINTENANCE_LABEL = 'driver.maintenance.queuedLabel';

/** A request submitted with no network: queued with its key and sent when the connection returns. */
export function queueMaintenance(body: MaintenanceRequestInput) {
  return enqueue({
    owner: body.driver_id,
    method: 'POST',
    path: '/api/requests/maintenanceReq',
    body,
    label: MAINTENANCE_LABEL,
    tag: `maintenance:${body.driver_id}`,
    doneMessage: MESSAGES.maintenanceSubmittedBlocked,
  });
}

/** Photos not uploaded yet, queued before the report that names them (issue #34): the queue sends them first, in order. */
export function queuePhotos(owner: string, photos: readonly PickedPhoto[]) {
  for (const photo of photos)
    enqueue({
      owner,
      method: 'PUT',
      path: photoPath(photo.id),
      body: {},
      label: 'photos.label',
      tag: `photo:${photo.id}`,
      doneMessage: 'photos.sent',
      photo: { id: photo.id, jpeg: photo.jpeg },
    });
}
