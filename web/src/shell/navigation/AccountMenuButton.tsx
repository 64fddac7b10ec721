// The account menu's button in the top bar: shown by NavShell before the menu itself has loaded
// (AccountMenu.tsx), and then as the menu's target.
import { Text, UnstyledButton } from '@mantine/core';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { useT } from '../../i18n/useT.ts';

/** The menu's button: the user's name, named 'Account menu: name' (WCAG 2.5.3, label in name). */
export const AccountMenuButton = forwardRef<
  HTMLButtonElement,
  { name: string } & Omit<ComponentPropsWithoutRef<'button'>, 'name'>
>(function AccountMenuButton({ name, ...props }, ref) {
  const { t } = useT();
  return (
    <UnstyledButton ref={ref} {...props} aria-label={t('shell.accountMenu', { name })}>
      <Text fw={600} fz="sm" truncate maw={{ base: 92, sm: 220 }}>
        {name}
      </Text>
    </UnstyledButton>
  );
});
