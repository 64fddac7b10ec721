// The stake screen's 'Transaction Summary': what the one deposit transaction will send, before
// the wallet is asked to approve it, and what the validators will cost a day and how long the
// customer's credits last at that fee (stakeFees.ts).
import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import type { FeeView } from './stakeFees.ts';
import { networkName } from '../wallet/index.ts';
import { StakeMessages, type stakeSummary } from './stakeRules.ts';

export function StakeReviewModal({
  opened,
  summary,
  fees,
  chainId,
  txBusy,
  onBack,
  onSend,
}: {
  opened: boolean;
  summary: ReturnType<typeof stakeSummary>;
  /** The daily fee and the credit runway with these validators (null while the rates load). */
  fees: FeeView | null;
  chainId: number | undefined;
  /** A wallet transaction is under way: sending waits. */
  txBusy: boolean;
  onBack: () => void;
  onSend: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onBack} title={StakeMessages.summaryTitle} centered size="lg">
      <Stack gap="md">
        <Table variant="vertical" withTableBorder layout="fixed">
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={200}>Validator kind</Table.Th>
              <Table.Td>{summary.kind}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Number of validators</Table.Th>
              <Table.Td>{summary.validators}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>ETH per validator</Table.Th>
              <Table.Td>{summary.ethPerValidator} ETH</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Total amount</Table.Th>
              <Table.Td fw={700}>{summary.totalEth} ETH</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Withdrawal address</Table.Th>
              <Table.Td ff="monospace" style={{ wordBreak: 'break-all' }}>
                {summary.withdrawalAddress}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Network</Table.Th>
              <Table.Td>{networkName(chainId)}</Table.Td>
            </Table.Tr>
            {fees?.stake ? (
              <Table.Tr>
                <Table.Th>This stake's fee</Table.Th>
                <Table.Td data-testid="stake-fee-quote">{fees.stake}</Table.Td>
              </Table.Tr>
            ) : null}
            <Table.Tr>
              <Table.Th>Daily fee</Table.Th>
              <Table.Td data-testid="stake-daily-fee">{fees ? fees.fee : '…'}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Your credits</Table.Th>
              <Table.Td data-testid="stake-credit-runway" c={fees?.low ? 'orange.8' : undefined}>
                {fees ? fees.runway : '…'}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Text fz="sm" c="dimmed">
          Your wallet asks you to approve one transaction that deposits {summary.totalEth} ETH into the
          Ethereum deposit contract for your new validator(s). The daily fee is paid from your prepaid
          credits: top them up on the Account page after the deposit.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onBack}>
            Back
          </Button>
          <Button onClick={onSend} disabled={txBusy}>
            Send ETH
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
