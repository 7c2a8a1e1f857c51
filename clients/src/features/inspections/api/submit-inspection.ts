import { useMutation } from '@tanstack/react-query';
import { inspectionResultSchema, type InspectionBody, type InspectionResult } from '@plantride/schemas';
import { api } from '../../../lib/api-client';

/** POST /api/inspections: today's answers for his vehicle type's checklist. */
export function submitInspection(body: InspectionBody): Promise<InspectionResult> {
  return api('/api/inspections', { method: 'POST', body, schema: inspectionResultSchema });
}

export function useSubmitInspection() {
  return useMutation({ mutationFn: submitInspection });
}
