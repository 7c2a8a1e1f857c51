import { createTheme, type PaletteOptions } from '@mui/material';

const paletteOptions: PaletteOptions = {
  primary: { main: '#1f5f3b' },
  secondary: { main: '#8a4b08' },
  // Darker than MUI's defaults so chip and alert text keeps a 4.5:1 contrast.
  warning: { main: '#8a5300' },
  info: { main: '#0b5394' },
  success: { main: '#1d6b35' },
  background: { default: '#f5f7f6' },
};
const palette = createTheme({ palette: paletteOptions }).palette;

// A keyboard user sees where he is: MUI's focus ripple alone is a faint wash, invisible on the green header.
// The ring takes the text colour (white on the header); a filled button's text sits on its fill, so its ring takes the fill.
const focusRing = { '&.Mui-focusVisible': { outline: '2px solid currentColor', outlineOffset: 2 } };
const filledFocusRings = (['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const).map((color) => ({
  props: { variant: 'contained' as const, color },
  style: { '&.Mui-focusVisible': { outlineColor: palette[color].main } },
}));

export const theme = createTheme({
  palette: paletteOptions,
  // MUI's own stack, then Devanagari (self-hosted, fetched only for Devanagari text) for Marathi and Hindi.
  typography: { fontFamily: '"Roboto", "Helvetica", "Arial", "Noto Sans Devanagari", sans-serif' },
  shape: { borderRadius: 8 },
  // Gloved fingers on phones: every tap target at least 48 x 48 CSS px (clients/browser/touch-targets.browser.ts measures them).
  components: {
    // Every other pressable MUI control (tabs, checkboxes, switches, menu items, sort labels, accordion heads …) too.
    MuiButtonBase: { styleOverrides: { root: focusRing } },
    MuiButton: { styleOverrides: { root: { minHeight: 48, minWidth: 48, ...focusRing, variants: filledFocusRings } } },
    MuiIconButton: { styleOverrides: { root: { minHeight: 48, minWidth: 48, ...focusRing } } },
    MuiToggleButton: { styleOverrides: { root: { minHeight: 48, minWidth: 48, ...focusRing } } },
    MuiTab: { styleOverrides: { root: { minHeight: 48 } } },
    MuiMenuItem: { styleOverrides: { root: { minHeight: 48 } } },
    MuiCheckbox: { styleOverrides: { root: { minHeight: 48, minWidth: 48 } } },
    MuiRadio: { styleOverrides: { root: { minHeight: 48, minWidth: 48 } } },
    MuiLink: { styleOverrides: { root: { display: 'inline-flex', alignItems: 'center', minHeight: 48, minWidth: 48 } } },
    MuiTableSortLabel: { styleOverrides: { root: { minHeight: 48 } } },
    // A small outlined field (filters, dates, selects) is 48 px tall, not 40: its text and its resting label move down 4 px.
    MuiOutlinedInput: {
      styleOverrides: {
        root: {
          '&.MuiInputBase-sizeSmall:not(.MuiInputBase-multiline) .MuiInputBase-input': { paddingTop: 12.5, paddingBottom: 12.5 },
          '&.MuiInputBase-multiline': { minHeight: 48 },
        },
      },
    },
    MuiInputLabel: {
      styleOverrides: { root: { '&.MuiInputLabel-sizeSmall:not(.MuiInputLabel-shrink)': { transform: 'translate(14px, 13px) scale(1)' } } },
    },
    // The switch's thumb and its tap area 48 px tall (MUI's 38), the track where it was.
    MuiSwitch: { styleOverrides: { root: { height: 48, paddingTop: 17, paddingBottom: 17 }, switchBase: { padding: 14, left: -5 } } },
    // The slider's rail takes a touch anywhere 48 px tall around it (MUI's is 30 with a mouse).
    MuiSlider: { styleOverrides: { root: { paddingTop: 22, paddingBottom: 22 } } },
  },
});
