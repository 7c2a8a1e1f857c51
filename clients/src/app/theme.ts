import { createTheme } from '@mui/material';

export const theme = createTheme({
  palette: {
    primary: { main: '#1f5f3b' },
    secondary: { main: '#8a4b08' },
    // Darker than MUI's defaults so chip and alert text keeps a 4.5:1 contrast.
    warning: { main: '#8a5300' },
    info: { main: '#0b5394' },
    success: { main: '#1d6b35' },
    background: { default: '#f5f7f6' },
  },
  shape: { borderRadius: 8 },
  // Gloved fingers on phones: every tap target at least 48 x 48 CSS px (clients/browser/touch-targets.browser.ts measures them).
  components: {
    MuiButton: { styleOverrides: { root: { minHeight: 48, minWidth: 48 } } },
    MuiIconButton: { styleOverrides: { root: { minHeight: 48, minWidth: 48 } } },
    MuiToggleButton: { styleOverrides: { root: { minHeight: 48, minWidth: 48 } } },
    MuiTab: { styleOverrides: { root: { minHeight: 48 } } },
    MuiMenuItem: { styleOverrides: { root: { minHeight: 48 } } },
    MuiCheckbox: { styleOverrides: { root: { minHeight: 48, minWidth: 48 } } },
    MuiRadio: { styleOverrides: { root: { minHeight: 48, minWidth: 48 } } },
  },
});
