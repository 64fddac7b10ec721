// Registering an unregistered wallet on /accountStatus ('Confirm Wallet Registration'), with an
// optional agent; AccountStatusPage.tsx loads it while the wallet status is read.
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { AccountStatusMessages as M } from './accountStatusRules.ts';
import type { useWalletRegistration } from './useWalletRegistration.ts';
import { useT } from '../../i18n/useT.ts';

export default function RegisterWallet({
  registration,
  agents,
}: {
  registration: ReturnType<typeof useWalletRegistration>;
  /** Agents offered (GetAgentNumber17List). */
  agents: { key: string; label: string }[];
}) {
  const { agent, setAgent, register } = registration;
  const { t, message } = useT();
  return (
    <Stack gap="md">
      <Text fz="sm">{t('dash.register.text')}</Text>
      <Select
        label={message(M.agentLabel)}
        description={message(M.agentHelp)}
        placeholder={t('dash.register.noAgent')}
        data={agents.map((a) => ({ value: a.key, label: a.label }))}
        value={agent}
        onChange={setAgent}
        clearable
        searchable
        nothingFoundMessage={t('dash.register.noAgents')}
        comboboxProps={{ withinPortal: true }}
      />
      <Group justify="flex-end">
        <Button size="md" loading={register.isPending} onClick={() => register.mutate()}>
          {message(M.confirm)}
        </Button>
      </Group>
    </Stack>
  );
}
