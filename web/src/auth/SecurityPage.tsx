// Security settings of the signed-in user: passkeys (listed, renamed, removed), linked wallets
// and password change. Adding a way to sign in (a passkey, a wallet) or changing a passkey needs a
// sign-in within the last 5 minutes: on `reauth_required` the person confirms who they are
// (ConfirmIdentityModal) and the step goes on where it stopped.
import { Alert, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useConfirmIdentity } from './ConfirmIdentityModal.tsx';
import { ChangePasswordCard, PasskeysCard, WalletSignInCard } from './SecurityCards.tsx';

export function SecurityPage() {
  const identity = useConfirmIdentity();
  return (
    <Container size="sm" py="lg">
      <Stack gap="lg">
        <Title order={1} fz={28}>
          Security
        </Title>
        {identity.pending ? (
          // The confirmation was closed: its reason stays until the person confirms or leaves.
          <Alert color="orange" variant="light" data-testid="reauth-message">
            <Stack gap="xs">
              <Text fz="sm">{identity.pending}</Text>
              <Group>
                <Button size="xs" onClick={identity.reopen}>
                  Confirm it&apos;s you
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : null}
        <PasskeysCard identity={identity} />
        <WalletSignInCard identity={identity} />
        <ChangePasswordCard />
      </Stack>
      {identity.modal}
    </Container>
  );
}
