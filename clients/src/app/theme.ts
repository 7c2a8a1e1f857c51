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
});
