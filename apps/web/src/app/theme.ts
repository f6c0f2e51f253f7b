import { createTheme } from '@mui/material/styles';

export const theme = createTheme({
  palette: {
    primary: { main: '#0b5c7a', light: '#4f8fa8', dark: '#053d52' },
    secondary: { main: '#f29f05' },
    background: { default: '#f4f6f8' },
  },
  shape: { borderRadius: 8 },
  components: {
    // Initials on the default grey fail contrast (axe, WCAG AA 4.5:1): white on the primary colour passes.
    MuiAvatar: { styleOverrides: { colorDefault: { backgroundColor: '#0b5c7a', color: '#fff' } } },
    // A table wider than a phone scrolls inside its container: keyboard users reach that scroll too (axe
    // scrollable-region-focusable; issue 17 item 4).
    MuiTableContainer: { defaultProps: { tabIndex: 0 } },
  },
  typography: {
    // System fonts keep the first download free of web fonts; Thai characters fall through to the bundled
    // Noto Sans Thai (main.tsx) when no system font before it has them.
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans Thai", "Noto Sans", "Helvetica Neue", Arial, sans-serif',
  },
});
