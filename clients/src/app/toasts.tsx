import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { LIMITS } from '@plantride/schemas';

/** Requester screens pass their own 5000 ms; sign-in and admin screens keep this 3000 ms. */
export function Toasts() {
  return <ToastContainer position="top-right" autoClose={LIMITS.toastAutoCloseMs} newestOnTop />;
}
