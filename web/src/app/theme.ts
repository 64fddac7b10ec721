// The payd look: a calm indigo brand on neutral greys, rounded cards, Inter-like system font.
import { createTheme, type MantineColorsTuple } from '@mantine/core';

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
