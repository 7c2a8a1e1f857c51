import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { placeCodesAnswerSchema, setScanRuleAnswerSchema, type PlaceCodesAnswer, type SetScanRuleBody } from '@plantride/schemas';
import { api } from '../../../lib/api-client';
import { siteKeys } from '../../../lib/query-keys';

/** GET /api/site/place-codes (admin, issue #34 item 2): each place's code and the steps needing a scan. */
export function getPlaceCodes(signal?: AbortSignal): Promise<PlaceCodesAnswer> {
  return api('/api/site/place-codes', { schema: placeCodesAnswerSchema, signal });
}

export function usePlaceCodes() {
  return useQuery({ queryKey: siteKeys.placeCodes, queryFn: ({ signal }) => getPlaceCodes(signal) });
}

/** PUT /api/site/scan-rules: whether one step needs a scan at one place, or at every place ('*'). */
export function setScanRule(body: SetScanRuleBody) {
  return api('/api/site/scan-rules', { method: 'PUT', body, schema: setScanRuleAnswerSchema });
}

export function useSetScanRule() {
  const client = useQueryClient();
  return useMutation({ mutationFn: setScanRule, onSettled: () => client.invalidateQueries({ queryKey: siteKeys.placeCodes }) });
}
