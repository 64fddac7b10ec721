// The unsupported-network screens (spec 002 section 2): testnet-only on mainnet, and 'not yet
// deployed' on any other chain than the configured one.
import { Button, Center, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useSwitchChain, useDisconnect } from 'wagmi';
import { useConfig } from '../../shell/config.ts';
import { allowedTestNetworks, networkName } from './networkName.ts';

export function UnsupportedNetwork({ chainId }: { chainId: number | undefined }) {
  const config = useConfig();
  const switchChain = useSwitchChain();
  const disconnect = useDisconnect();
  const testnetOnly = config.testnetOnly && chainId === 1;
  return (
    <Center mih="60vh" p="md">
      <Paper withBorder p="xl" maw={520} w="100%" role="alert">
        <Stack gap="sm">
          <Title order={1} fz={22}>
            {testnetOnly ? 'This app is for testing only' : 'Unsupported network'}
          </Title>
          {testnetOnly ? (
            <>
              <Text>
                This version of payd runs on test networks only. Please change your wallet to one of:
              </Text>
              <List>
                {allowedTestNetworks.map((n) => (
                  <List.Item key={n}>{n}</List.Item>
                ))}
              </List>
            </>
          ) : (
            <Text>
              payd is not yet deployed to mainnet or to this network {chainId}. Please switch your wallet to{' '}
              {networkName(config.chainId)}.
            </Text>
          )}
          <Button
            onClick={() => switchChain.mutate({ chainId: config.chainId })}
            loading={switchChain.isPending}
          >
            Switch to {networkName(config.chainId)}
          </Button>
          <Button variant="subtle" onClick={() => disconnect.mutate()}>
            Disconnect
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
