import { useSyncExternalStore } from 'react';
import type * as ReactToastify from 'react-toastify';
import { translateMessage } from '../i18n/translate-message';

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

// Error toasts this module sent and has not dismissed: a later success clears them.
const errorIds = new Set<ReactToastify.Id>();

const show = (kind: 'success' | 'error' | 'info' | 'warning') => (message: string, options?: ReactToastify.ToastOptions) => {
  void loadToasts().then((m) => {
    // The spec's and the server's English, in the language the screens speak (other texts come translated).
    const id = m.toast[kind](translateMessage(message), options);
    if (kind === 'error') errorIds.add(id);
  });
};

/** Takes away the error toasts sent here (a failed attempt's toast once the next attempt succeeds). */
function dismissErrors(): void {
  if (!toastify) return;
  void toastify.then((m) => {
    errorIds.forEach((id) => m.toast.dismiss(id));
    errorIds.clear();
  });
}

/** The toasts the sign-in path and the shell send. */
export const toast = { success: show('success'), error: show('error'), info: show('info'), warning: show('warning'), dismissErrors };
