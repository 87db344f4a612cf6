import {
  Box,
  Button,
  Checkbox,
  createTheme,
  MantineThemeProvider,
  PasswordInput,
  Radio,
  TextInput,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import type { CSSProperties, ReactNode } from 'react';

/** The tablet at the desk: larger text and touch targets (buttons 'xl', inputs 'lg'). */
const kioskTheme = createTheme({
  components: {
    Button: Button.extend({ defaultProps: { size: 'xl' } }),
    TextInput: TextInput.extend({ defaultProps: { size: 'lg' } }),
    PasswordInput: PasswordInput.extend({ defaultProps: { size: 'lg' } }),
    DateInput: DateInput.extend({ defaultProps: { size: 'lg' } }),
    Checkbox: Checkbox.extend({ defaultProps: { size: 'lg' } }),
    Radio: Radio.extend({ defaultProps: { size: 'lg' } }),
  },
});

const kioskFonts = {
  '--mantine-font-size-xs': '0.9375rem',
  '--mantine-font-size-sm': '1.0625rem',
  '--mantine-font-size-md': '1.1875rem',
  '--mantine-font-size-lg': '1.3125rem',
  '--mantine-h3-font-size': '1.625rem',
  '--mantine-h4-font-size': '1.375rem',
  '--mantine-h5-font-size': '1.1875rem',
} as CSSProperties;

export function KioskTheme({ children }: { children: ReactNode }) {
  return (
    <MantineThemeProvider theme={kioskTheme}>
      <Box style={kioskFonts} data-kiosk>
        {children}
      </Box>
    </MantineThemeProvider>
  );
}
