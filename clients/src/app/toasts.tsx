import { GlobalStyles, useMediaQuery, useTheme } from '@mui/material';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { LIMITS } from '@plantride/schemas';

/**
 * Requester screens pass their own 5000 ms; sign-in and admin screens keep this 3000 ms.
 * At the bottom, where no header control sits (top-right covered Logout and Request Maintenance);
 * on a phone at most two at a time, so a burst of news cannot stack over the ride cards.
 */
export function Toasts() {
  const phone = useMediaQuery('(max-width: 600px)');
  // The screens' font stack, with Devanagari: react-toastify's own (plain sans-serif) drew Marathi and Hindi as
  // boxes. Two classes, so it wins whichever stylesheet loads last.
  const fontFamily = useTheme().typography.fontFamily;
  return (
    <>
      <GlobalStyles styles={{ '.Toastify__toast-container .Toastify__toast': { fontFamily } }} />
      <ToastContainer
        position={phone ? 'bottom-center' : 'bottom-right'}
        autoClose={LIMITS.toastAutoCloseMs}
        newestOnTop
        limit={phone ? 2 : undefined}
      />
    </>
  );
}
