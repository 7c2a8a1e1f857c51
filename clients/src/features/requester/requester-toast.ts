import type { ToastOptions } from 'react-toastify';
import { toast } from '../../lib/toast';
import { LIMITS } from '@plantride/schemas';

// The requester's screens keep toasts for 5000 ms (SPEC §9).
const options: ToastOptions = { autoClose: LIMITS.toastRequesterAutoCloseMs };

export const requesterToast = {
  success: (message: string) => toast.success(message, options),
  error: (message: string) => toast.error(message, options),
  info: (message: string) => toast.info(message, options),
  warning: (message: string) => toast.warning(message, options),
};
