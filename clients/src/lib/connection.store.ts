import { create } from 'zustand';

/** What the banner says: the socket is up, the browser is online but the socket is not (yet), or the browser is offline. */
export type ConnectionStatus = 'online' | 'reconnecting' | 'offline';

interface ConnectionState {
  /** navigator.onLine, kept up to date by the `online` and `offline` events. */
  networkUp: boolean;
  /** The live socket is connected. */
  socketUp: boolean;
  /** When the last live event or list read arrived (ms since the epoch), null before the first. */
  lastUpdate: number | null;
  setNetwork: (up: boolean) => void;
  setSocket: (up: boolean) => void;
  updated: (at?: number) => void;
}

const browserOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine);

export const useConnection = create<ConnectionState>((set) => ({
  networkUp: browserOnline(),
  socketUp: false,
  lastUpdate: null,
  setNetwork: (networkUp) => set({ networkUp }),
  setSocket: (socketUp) => set({ socketUp }),
  updated: (at = Date.now()) => set({ lastUpdate: at }),
}));

/** Offline when the browser says so; reconnecting while the browser is online and the socket is not up. */
export function connectionStatus(state: Pick<ConnectionState, 'networkUp' | 'socketUp'>): ConnectionStatus {
  if (!state.networkUp) return 'offline';
  return state.socketUp ? 'online' : 'reconnecting';
}
