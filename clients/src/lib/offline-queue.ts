import { create } from 'zustand';
import { ApiError, actionKeys, api } from './api-client';
import { actionOf } from './idempotency';
import { dataUrlToBlob, putPhoto, withoutPhoto } from './photo-upload';
import { i18n } from '../i18n/i18n';
import { translateMessage } from '../i18n/translate-message';

/** A command tapped while the network was down, kept (in localStorage) until the server answers it. */
export interface QueuedCommand {
  /** The Idempotency-Key it goes with: the same as any earlier unanswered send of the same action. */
  key: string;
  /** Whose action it is; only his are sent. */
  owner: string;
  method: 'POST' | 'PUT';
  path: string;
  body: unknown;
  /**
   * What the user tapped, as a catalogue key ('driver.steps.materialPicked'), so it reads in the language
   * spoken when shown; a command queued before the catalogues carries the words themselves.
   */
  label: string;
  /** What the screen looks it up by, e.g. `step:{rideId}`. */
  tag: string;
  /** Shown when the server records it: a catalogue key (its `{{label}}` filled) or the spec's English message. */
  doneMessage: string;
  /** Issue #34: a photo taken offline (its id, and the JPEG as a data URL): the command uploads it in place of a JSON body. */
  photo?: { id: string; jpeg: string };
}

/** How a queued command ended: recorded at `position`, or refused with the server's message. */
export type QueueOutcome =
  { command: QueuedCommand; sent: true; position: number | null } | { command: QueuedCommand; sent: false; message: string };

const STORAGE_KEY = 'plantride.offlineQueue';

/** A queued command's words in the language spoken now: a catalogue key's text, else the words as stored. */
const wordsOf = (text: string, values?: Record<string, string>): string =>
  i18n.exists(text) ? String(i18n.t(text as never, values as never)) : translateMessage(text);

/** What the user tapped, in the language spoken now. */
export const labelOf = (command: Pick<QueuedCommand, 'label'>): string => wordsOf(command.label);
/** What is said once the server recorded it. */
export const doneMessageOf = (command: Pick<QueuedCommand, 'label' | 'doneMessage'>): string =>
  wordsOf(command.doneMessage, { label: labelOf(command) });

export const waitingForNetwork = (command: Pick<QueuedCommand, 'label'>) => i18n.t('connection.stepWaiting', { label: labelOf(command) });
export const refusedWhileOffline = (command: Pick<QueuedCommand, 'label'>, reason: string) =>
  i18n.t('connection.notSent', { label: labelOf(command), reason: translateMessage(reason) });

function load(): QueuedCommand[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as QueuedCommand[]) : [];
  } catch {
    return [];
  }
}

interface QueueState {
  commands: QueuedCommand[];
  add: (command: QueuedCommand) => void;
  remove: (key: string) => void;
  /** Takes a photo the engine refused out of every queued body (the report goes with the photos it has). */
  dropPhoto: (photoId: string) => void;
}

export const useOfflineQueue = create<QueueState>((set) => ({
  commands: load(),
  add: (command) =>
    set((state) => (state.commands.some((c) => c.key === command.key) ? state : { commands: [...state.commands, command] })),
  remove: (key) => set((state) => ({ commands: state.commands.filter((c) => c.key !== key) })),
  dropPhoto: (photoId) => set((state) => ({ commands: state.commands.map((c) => ({ ...c, body: withoutPhoto(c.body, photoId) })) })),
}));

// Every change is written through, so a reload (or a crashed tab) does not lose a tapped step.
useOfflineQueue.subscribe((state) => localStorage.setItem(STORAGE_KEY, JSON.stringify(state.commands)));

/** Queues a command under its action's key (the one an unanswered send of it already went with). */
export function enqueue(command: Omit<QueuedCommand, 'key'>): QueuedCommand {
  const key = actionKeys.keyFor(actionOf(command.method, command.path, command.body));
  const queued = { ...command, key };
  useOfflineQueue.getState().add(queued);
  return queued;
}

const anyAnswer = { parse: (value: unknown) => value };

function positionOf(answer: unknown): number | null {
  if (answer && typeof answer === 'object' && 'position' in answer && typeof answer.position === 'number') return answer.position;
  return null;
}

let flushing: Promise<QueueOutcome[]> | null = null;
const listeners = new Set<(outcome: QueueOutcome) => void>();

/** Calls `listener` with every queued command the server answered; returns the unsubscribe. */
export function onQueueOutcome(listener: (outcome: QueueOutcome) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

async function sendAll(owner: string): Promise<QueueOutcome[]> {
  const outcomes: QueueOutcome[] = [];
  for (const { key } of useOfflineQueue.getState().commands.filter((c) => c.owner === owner)) {
    // As it stands now: a photo refused before it may have been taken out of its body.
    const command = useOfflineQueue.getState().commands.find((c) => c.key === key);
    if (!command) continue;
    let outcome: QueueOutcome;
    try {
      if (command.photo) {
        await putPhoto(command.photo.id, dataUrlToBlob(command.photo.jpeg));
        outcome = { command, sent: true, position: null };
      } else {
        const answer = await api(command.path, {
          method: command.method,
          body: command.body,
          schema: anyAnswer,
          idempotencyKey: command.key,
        });
        outcome = { command, sent: true, position: positionOf(answer) };
      }
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500 || error.status === 401) break;
      outcome = { command, sent: false, message: error.serverMessage ?? error.message };
      // A refused photo: the report queued after it goes without it rather than not at all.
      if (command.photo) useOfflineQueue.getState().dropPhoto(command.photo.id);
    }
    useOfflineQueue.getState().remove(command.key);
    outcomes.push(outcome);
    for (const listener of listeners) listener(outcome);
  }
  return outcomes;
}

/**
 * Sends the owner's queued commands in the order they were tapped, each with its own key.
 * Recorded or refused (4xx: the ride was taken meanwhile, he is blocked...) it leaves the queue;
 * no answer or a 5xx stops there and keeps it and everything after it for the next try.
 */
export function flushQueue(owner: string): Promise<QueueOutcome[]> {
  flushing ??= sendAll(owner).finally(() => {
    flushing = null;
  });
  return flushing;
}
