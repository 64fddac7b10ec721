// The payd look: a calm indigo brand on neutral greys, rounded cards, Inter-like system font.
import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

const payd: MantineColorsTuple = [
  '#eeecff',
  '#d9d5fc',
  '#b0a8f4',
  '#8579ee',
  '#6151e8',
  '#4c3fd6',
  '#4034c4',
  '#3328ad',
  '#2b229b',
  '#221b88',
];

export const theme = createTheme({
  primaryColor: 'payd',
  primaryShade: { light: 5, dark: 4 },
  colors: { payd },
  defaultRadius: 'md',
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Paper: { defaultProps: { radius: 'lg' } },
    // Named without the field's label so getByLabel('Password') finds only the input.
    PasswordInput: { defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Show or hide' } } },
    // Mantine's close buttons (an X icon) have no name of their own: screen readers said 'button'.
    // Not 'Close': dialogs that have a Close button of their own keep one button of that name.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss' } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss notification' } } },
  },
});

/**
 * Mantine's dimmed text (gray 6, #868e96) is 3.3:1 on white and 3.2:1 on the shell's gray 0: under
 * WCAG AA's 4.5:1 for the hints, help texts and captions that use it. This grey keeps the muted look
 * at 5.5:1 on gray 0 and 5:1 on the light primary tint (payd 0).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5f6670',
    // Text of light variants (alerts, badges, light buttons) is shade 9, under 4.5:1 on its own
    // tint for yellow (2.8:1), orange (3.9:1) and green (4.0:1): darker tones of the same hues.
    '--mantine-color-yellow-light-color': '#8f5300',
    '--mantine-color-orange-light-color': '#b23c0b',
    '--mantine-color-green-light-color': '#256d33',
    // primaryShade 5 makes every filled colour shade 5, too light under white text (red 2.8:1,
    // blue 2.9:1, teal 2.2:1): filled buttons and badges of the other colours in darker tones
    // (>= 4.9:1 with white), and errors (inputs, c="red") in red 9 instead of red 6 (3.3:1).
    '--mantine-color-error': '#c92a2a',
    '--mantine-color-red-filled': '#c92a2a',
    '--mantine-color-red-filled-hover': '#a51d1d',
    '--mantine-color-blue-filled': '#1971c2',
    '--mantine-color-blue-filled-hover': '#1864ab',
    '--mantine-color-teal-filled': '#087f5b',
    '--mantine-color-teal-filled-hover': '#066649',
    '--mantine-color-green-filled': '#256d33',
    '--mantine-color-green-filled-hover': '#1d5628',
    '--mantine-color-orange-filled': '#b23c0b',
    '--mantine-color-orange-filled-hover': '#96320a',
  },
  dark: {},
});
