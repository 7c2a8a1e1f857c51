import { create } from 'zustand';
import type { LiveSocket } from './socket';

/** The signed-in user's socket; features subscribe to it and never open their own. */
export const useLiveSocket = create<{ socket: LiveSocket | null }>(() => ({ socket: null }));
