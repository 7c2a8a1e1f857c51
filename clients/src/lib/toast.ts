import { useSyncExternalStore } from 'react';
import type * as ReactToastify from 'react-toastify';

type Toastify = typeof ReactToastify;

// react-toastify loads with the first toast or the first signed-in screen, not with /signin.
// Toasts sent before its container mounts wait in its queue and show once it does.
let toastify: Promise<Toastify> | undefined;
const listeners = new Set<() => void>();

export function loadToasts(): Promise<Toastify> {
  if (!toastify) {
    toastify = import('react-toastify');
    listeners.forEach((listener) => listener());
  }
  return toastify;
}

/** True once anything asked for toasts: the shell mounts the container from then on. */
export function useToastsWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toastify !== undefined,
  );
}

const show = (kind: 'success' | 'error' | 'info' | 'warning') => (message: string, options?: ReactToastify.ToastOptions) => {
  void loadToasts().then((m) => m.toast[kind](message, options));
};

/** The toasts the sign-in path and the shell send. */
export const toast = { success: show('success'), error: show('error'), info: show('info'), warning: show('warning') };
