// Registering an unregistered wallet on /accountStatus ('Confirm Wallet Registration'), with an
// optional agent; AccountStatusPage.tsx loads it while the wallet status is read.
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { AccountStatusMessages as M } from './accountStatusRules.ts';
import type { useWalletRegistration } from './useWalletRegistration.ts';

export default function RegisterWallet({
  registration,
  agents,
}: {
  registration: ReturnType<typeof useWalletRegistration>;
  /** Agents offered (GetAgentNumber17List). */
  agents: { key: string; label: string }[];
}) {
  const { agent, setAgent, register } = registration;
  return (
    <Stack gap="md">
      <Text fz="sm">
        This wallet is not registered to your account yet. Register it to stake from it: you keep your keys,
        and deposits and withdrawals go to and from this wallet. Your wallet asks you to sign a message that
        proves the wallet is yours: it sends no transaction and costs nothing.
      </Text>
      <Select
        label={M.agentLabel}
        description={M.agentHelp}
        placeholder="No agent"
        data={agents.map((a) => ({ value: a.key, label: a.label }))}
        value={agent}
        onChange={setAgent}
        clearable
        searchable
        nothingFoundMessage="No agents"
        comboboxProps={{ withinPortal: true }}
      />
      <Group justify="flex-end">
        <Button size="md" loading={register.isPending} onClick={() => register.mutate()}>
          {M.confirm}
        </Button>
      </Group>
    </Stack>
  );
}
