// The unsupported-network screens (spec 002 section 2): testnet-only on mainnet, and 'not yet
// deployed' on any other chain than the configured one.
import { Button, Center, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useSwitchChain, useDisconnect } from 'wagmi';
import { useConfig } from '../../shell/config.ts';
import { allowedTestNetworks, networkName } from './networkName.ts';
import { useT } from '../../i18n/useT.ts';

export function UnsupportedNetwork({ chainId }: { chainId: number | undefined }) {
  const config = useConfig();
  const switchChain = useSwitchChain();
  const disconnect = useDisconnect();
  const { t, message } = useT();
  const network = message(networkName(config.chainId));
  const testnetOnly = config.testnetOnly && chainId === 1;
  return (
    <Center mih="60vh" p="md">
      <Paper withBorder p="xl" maw={520} w="100%" role="alert">
        <Stack gap="sm">
          <Title order={1} fz={22}>
            {testnetOnly ? t('shell.wallet.testOnly') : t('shell.wallet.unsupported')}
          </Title>
          {testnetOnly ? (
            <>
              <Text>{t('shell.wallet.testOnlyText')}</Text>
              <List>
                {allowedTestNetworks.map((n) => (
                  <List.Item key={n}>{n}</List.Item>
                ))}
              </List>
            </>
          ) : (
            <Text>{t('shell.wallet.notDeployed', { chainId: chainId ?? '', network })}</Text>
          )}
          <Button
            onClick={() => switchChain.mutate({ chainId: config.chainId })}
            loading={switchChain.isPending}
          >
            {t('shell.wallet.switchTo', { network })}
          </Button>
          <Button variant="subtle" onClick={() => disconnect.mutate()}>
            {t('shell.wallet.disconnect')}
          </Button>
          {switchChain.error && (
            <Text c="red" fz="sm">
              {switchChain.error.message}
            </Text>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
