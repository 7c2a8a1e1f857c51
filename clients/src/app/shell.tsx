import { CssBaseline, ThemeProvider } from '@mui/material';
import { Outlet } from 'react-router';
import { ConnectionBanner } from '../components/connection-banner';
import { theme } from './theme';

/** MUI's theme for every screen past sign-in; it loads with the first of them, not with /signin. */
export function Shell() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <ConnectionBanner />
      <Outlet />
    </ThemeProvider>
  );
}
