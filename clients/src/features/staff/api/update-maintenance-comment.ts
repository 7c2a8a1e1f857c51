import { useMutation } from '@tanstack/react-query';
import { commandAnswerSchema, type CommandAnswer } from '@plantride/schemas';
import { api } from '../../../lib/api-client';

export function updateMaintenanceComment(input: { id: string; comment: string }): Promise<CommandAnswer> {
  return api(`/api/requests/maintenanceReq/${encodeURIComponent(input.id)}/comment`, {
    method: 'PUT',
    body: { comment_text: input.comment },
    schema: commandAnswerSchema,
  });
}

export function useUpdateMaintenanceComment() {
  return useMutation({ mutationFn: updateMaintenanceComment });
}
