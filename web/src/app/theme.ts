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
  },
  dark: {},
});
