import { GlobalStyles, useMediaQuery } from '@mui/material';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { LIMITS } from '@plantride/schemas';
import { theme } from './theme';

/**
 * Requester screens pass their own 5000 ms; sign-in and admin screens keep this 3000 ms.
 * At the bottom, where no header control sits (top-right covered Logout and Request Maintenance);
 * on a phone at most two at a time, so a burst of news cannot stack over the ride cards.
 */
export function Toasts() {
  const phone = useMediaQuery('(max-width: 600px)');
  return (
    <>
      {/* The screens' font stack, with Devanagari (this sits outside the theme's provider): react-toastify's own drew
          Marathi and Hindi as boxes. Two classes, so it wins whichever stylesheet loads last. */}
      <GlobalStyles styles={{ '.Toastify__toast-container .Toastify__toast': { fontFamily: theme.typography.fontFamily } }} />
      <ToastContainer
        position={phone ? 'bottom-center' : 'bottom-right'}
        autoClose={LIMITS.toastAutoCloseMs}
        newestOnTop
        limit={phone ? 2 : undefined}
      />
    </>
  );
}
