import { Button, Text } from '@mantine/core';
import { authMessages } from '@payd/schemas';
import { Link } from 'react-router';
import { AuthCard } from './AuthCard.tsx';

export function SignUpRestrictionPage() {
  return (
    <AuthCard title="Sign-up unavailable">
      <Text>{authMessages.regionRestricted}</Text>
      <Button component={Link} to="/login" fullWidth>
        Back to login
      </Button>
    </AuthCard>
  );
}
