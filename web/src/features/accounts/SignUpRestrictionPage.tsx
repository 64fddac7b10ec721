import { Button, Text } from '@mantine/core';
import { authMessages } from '@payd/schemas';
import { Link } from 'react-router';
import { AuthCard } from './AuthCard.tsx';
import { useT } from '../../i18n/useT.ts';

export function SignUpRestrictionPage() {
  const { t, message } = useT();
  return (
    <AuthCard title={t('account.restricted.title')}>
      <Text>{message(authMessages.regionRestricted)}</Text>
      <Button component={Link} to="/login" fullWidth>
        {t('account.restricted.back')}
      </Button>
    </AuthCard>
  );
}
