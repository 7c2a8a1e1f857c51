import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { setShiftAnswerSchema, shiftAnswerSchema, type ShiftAnswer } from '@plantride/schemas';
import { api } from '../../../lib/api-client';
import { driverKeys } from '../../../lib/query-keys';

export function getShift(signal?: AbortSignal): Promise<ShiftAnswer> {
  return api('/api/drivers/shift', { schema: shiftAnswerSchema, signal });
}

/** His shift now (issue #20): null when off shift; it ends by itself at `endsAt`. `breakSince`: the break he is on (issue #32 item 4), or null. */
export function useShift() {
  return useQuery({ queryKey: driverKeys.shift, queryFn: ({ signal }) => getShift(signal) });
}

export interface SetShiftInput {
  on: boolean;
  /** A place name of the site he starts from; left out when he skips it. */
  location?: string;
}

export function setShift(input: SetShiftInput) {
  return api('/api/drivers/shift', { method: 'POST', body: input, schema: setShiftAnswerSchema });
}

/** Start or end his shift; the answer is the shift as it now stands. Needs the network: it is not queued offline. */
export function useSetShift() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setShift,
    onSuccess: ({ on, shift, breakSince }) => client.setQueryData<ShiftAnswer>(driverKeys.shift, { on, shift, breakSince }),
  });
}

export function setBreak(on: boolean) {
  return api('/api/drivers/break', { method: 'POST', body: { on }, schema: setShiftAnswerSchema });
}

/**
 * Start or end his break (issue #32 item 4): on break he is offered no rides and takes none. The answer
 * is his shift as it now stands. Needs the network, as a shift does.
 */
export function useSetBreak() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setBreak,
    onSuccess: ({ on, shift, breakSince }) => client.setQueryData<ShiftAnswer>(driverKeys.shift, { on, shift, breakSince }),
  });
}

/** Whether he is on break as his shift was last read (the engine's word; a break ends with the shift). */
export function useOnBreak(): boolean {
  return useShift().data?.breakSince != null;
}
