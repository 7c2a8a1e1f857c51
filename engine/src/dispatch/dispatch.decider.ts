import {
  DEFAULT_DISPATCH_SETTINGS,
  DISPATCH_STREAM_ID,
  sameDispatchSettings,
  type DispatchEvent,
  type DispatchSettings,
} from '@plantride/schemas';
import type { CommandHandler, StreamRef } from '../commands/command-handler';
import { requireActor } from '../commands/actors';

type DispatchRef = StreamRef<DispatchSettings, DispatchEvent>;

export const evolveDispatch = (_state: DispatchSettings, event: DispatchEvent): DispatchSettings => event.data;

/** The `dispatch` stream: the settings as last replaced; the defaults (the spec's broadcast) while it is empty. */
export const dispatchStream = (): DispatchRef => ({
  id: DISPATCH_STREAM_ID,
  initial: () => DEFAULT_DISPATCH_SETTINGS,
  evolve: evolveDispatch,
});

export interface ChangeDispatchSettingsCommand {
  type: 'ChangeDispatchSettings';
  data: DispatchSettings;
}

/** PUT /api/dispatch/settings (admin): the whole object replaced; the same settings again append nothing. */
export const changeDispatchSettings: CommandHandler<ChangeDispatchSettingsCommand, { dispatch: DispatchRef }> = {
  streams: () => ({ dispatch: dispatchStream() }),
  decide(command, { dispatch }, { actor }) {
    requireActor(actor, 'admin');
    if (sameDispatchSettings(dispatch, command.data)) return {};
    return { dispatch: [{ type: 'DispatchSettingsChanged', data: command.data }] };
  },
};
