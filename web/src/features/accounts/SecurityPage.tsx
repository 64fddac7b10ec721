// Security settings of the signed-in user: passkeys (listed, renamed, removed), linked wallets
// and password change. Adding a way to sign in (a passkey, a wallet) or changing a passkey needs a
// sign-in within the last 5 minutes: on `reauth_required` the person confirms who they are
// (ConfirmIdentityModal) and the step goes on where it stopped.
import { Container, Stack, Title } from '@mantine/core';
import { PendingIdentityAlert, useConfirmIdentity } from './ConfirmIdentityModal.tsx';
import { ChangePasswordCard, PasskeysCard, WalletSignInCard } from './SecurityCards.tsx';
import { useT } from '../../i18n/useT.ts';

export function SecurityPage() {
  const { t } = useT();
  const identity = useConfirmIdentity();
  return (
    <Container size="sm" py="lg">
      <Stack gap="lg">
        <Title order={1} fz={28}>
          {t('shell.security')}
        </Title>
        <PendingIdentityAlert identity={identity} testId="reauth-message" />
        <PasskeysCard identity={identity} />
        <WalletSignInCard identity={identity} />
        <ChangePasswordCard />
      </Stack>
      {identity.modal}
    </Container>
  );
}
