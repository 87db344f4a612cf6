import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  type DefaultMantineColor,
  type MantineColorsTuple,
} from '@mantine/core';

/**
 * Mantine's palette with darker shades 6-9, so that white text on the filled shade (7, hover 8), the
 * text of the light variant (9 on 1, hover 2) and coloured text pass WCAG AA (4.5:1); `theme.test.ts`
 * checks every colour. Shades 0-5 (backgrounds) stay Mantine's.
 */
const readable = (name: DefaultMantineColor, shades: [string, string, string, string]): MantineColorsTuple =>
  [...(DEFAULT_THEME.colors[name] ?? []).slice(0, 6), ...shades] as unknown as MantineColorsTuple;

/** Text that is dimmed, and placeholders: lighter than the text, still 4.5:1 on white and light greys. */
const DIMMED = '#5c636a';

/** One theme for the back-office: calm teal, system fonts, rounded corners, readable contrast. */
export const theme = createTheme({
  primaryColor: 'teal',
  primaryShade: { light: 7, dark: 5 },
  colors: {
    red: readable('red', ['#fa5252', '#d83838', '#c82c2c', '#b02525']),
    violet: readable('violet', ['#7950f2', '#7048e8', '#6741d9', '#5939b8']),
    indigo: readable('indigo', ['#4c6ef5', '#4263eb', '#3b5bdb', '#3249b8']),
    blue: readable('blue', ['#228be6', '#1a77ca', '#186bb8', '#165b9c']),
    cyan: readable('cyan', ['#14a3b7', '#0e8092', '#0b7486', '#0a697b']),
    teal: readable('teal', ['#11a97b', '#0a8560', '#077856', '#076d4e']),
    green: readable('green', ['#38a94d', '#2a863a', '#247934', '#226e32']),
    lime: readable('lime', ['#6aa418', '#528210', '#48760b', '#436b09']),
    yellow: readable('yellow', ['#c48a04', '#a26900', '#9b5a00', '#954d00']),
    orange: readable('orange', ['#e97412', '#c45206', '#b64609', '#ad390c']),
  },
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  cursorType: 'pointer',
  focusRing: 'auto',
  components: {
    // A titled notification's description is Mantine's gray-6 (3.3:1 on white): the readable dimmed grey.
    Notification: { styles: { description: { color: DIMMED } } },
    // Tables scroll natively: Mantine's ScrollArea sets its elements' state while the screen commits, which
    // renders the screen again before its first paint (decision 010, 2026-11-29).
    TableScrollContainer: { defaultProps: { type: 'native' } },
  },
});

/** Mantine's dimmed grey, placeholder grey and error red are below 4.5:1 on white: darker ones here. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': DIMMED,
    '--mantine-color-placeholder': DIMMED,
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    // Links also sit on light grey (hovered rows, table heads): one shade darker than the filled colour.
    '--mantine-color-anchor': 'var(--mantine-color-teal-8)',
  },
  dark: {},
});
