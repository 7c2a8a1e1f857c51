import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { commandAnswerSchema, robotsAnswerSchema, type RegisterRobotBody, type RobotsAnswer, type VdaNodesBody } from '@plantride/schemas';
import { api } from '../../../lib/api-client';

/** The AMR robots (issue #33 item 4): one answer, robots and node mapping together. */
export const amrKeys = {
  all: ['amrs'] as const,
};

/** Robots move and report over MQTT on their own: the list is read again this often while the screen is open. */
export const ROBOTS_REREAD_MS = 5_000;

export function getRobots(signal?: AbortSignal): Promise<RobotsAnswer> {
  return api('/api/amrs', { schema: robotsAnswerSchema, signal });
}

export function useRobots() {
  return useQuery({ queryKey: amrKeys.all, queryFn: ({ signal }) => getRobots(signal), refetchInterval: ROBOTS_REREAD_MS });
}

/** Each command changes the answer: it is read again once the engine answered. */
function useAmrsCommand<Input>(send: (input: Input) => Promise<{ message?: string }>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSettled: () => client.invalidateQueries({ queryKey: amrKeys.all }) });
}

/** POST /api/amrs: a robot by its VDA 5050 identity (manufacturer and serial number, its MQTT topic). */
export const useRegisterRobot = () =>
  useAmrsCommand((body: RegisterRobotBody) => api('/api/amrs', { method: 'POST', body, schema: commandAnswerSchema }));

/** PUT /api/amrs/nodes: the whole mapping, replacing the previous one. */
export const useSaveNodes = () =>
  useAmrsCommand((body: VdaNodesBody) => api('/api/amrs/nodes', { method: 'PUT', body, schema: commandAnswerSchema }));
