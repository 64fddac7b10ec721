// /disclosures: 'Step 4 of 4: Risks and Disclosures'. Accepting sets DisclosuresChked15 to Y on the
// customer's own record (KycPersonWs AcceptDisclosures, which also works once the record is locked for
// review or approved) and goes to the KYC status page. A declined customer cannot accept.
import { Alert, Button, Checkbox, Group, List, ScrollArea, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useApi } from '../../shell/session/session.tsx';
import { KycPage, KycSpinner } from './KycShell.tsx';
import { acceptDisclosures, useInvalidatePerson, usePersonRecord, type KycRow } from './kycApi.ts';
import { personState } from './kycStatus.ts';
import { useT } from '../../i18n/useT.ts';

export const disclosureRisks = [
  'Staking locks your ETH in Ethereum validators. Withdrawals follow the network exit queue and can take days or weeks.',
  'Validators can be penalised (slashed) by the Ethereum protocol for misbehaviour or downtime, which reduces your stake.',
  'Staking rewards are variable, are not guaranteed, and depend on the network and on validator performance.',
  'The value of ETH and of PAYD can fall as well as rise; you may get back less than you put in.',
  'Borrowing against your ETH can lead to liquidation of your collateral when its value falls below the required ratio.',
  'Smart contracts can contain defects. payd is non-custodial: you alone control your wallet and its keys.',
];

export function DisclosuresPage() {
  const { t } = useT();
  const person = usePersonRecord();
  if (person.isPending) return <KycSpinner />;
  if (person.isError)
    return <KycPage title={t('kyc.disclosures.title')}>{t('common.recordNotLoaded')}</KycPage>;
  const state = personState(person.data);
  if (!state) return <Navigate to="/personal-detail" replace />;
  if (state.disclosures === 'Y') return <Navigate to="/kyc-status" replace />;
  return <DisclosuresForm row={person.data} declined={state.status === 'DE'} />;
}

function DisclosuresForm({ row, declined }: { row: KycRow; declined: boolean }) {
  const api = useApi();
  const navigate = useNavigate();
  const { t, message } = useT();
  const invalidate = useInvalidatePerson();
  const [accepted, setAccepted] = useState(false);
  const accept = useMutation({
    mutationFn: () => acceptDisclosures(api, row.KycPersonId15),
    onSuccess: async () => {
      await invalidate();
      void navigate('/kyc-status');
    },
  });
  return (
    <KycPage title={t('kyc.disclosures.title')} subtitle={t('kyc.disclosures.subtitle')} size="md">
      <ScrollArea.Autosize mah={360} type="auto" offsetScrollbars>
        <List spacing="sm" type="ordered" pr="sm">
          {disclosureRisks.map((r) => (
            <List.Item key={r}>
              <Text size="sm">{message(r)}</Text>
            </List.Item>
          ))}
        </List>
      </ScrollArea.Autosize>
      {declined ? (
        <Alert color="red" variant="light">
          {t('kyc.status.declinedMessage')}
        </Alert>
      ) : (
        <>
          <Checkbox
            checked={accepted}
            onChange={(e) => setAccepted(e.currentTarget.checked)}
            label={t('kyc.disclosures.agree')}
          />
          <Group justify="flex-end">
            <Button disabled={!accepted} loading={accept.isPending} onClick={() => accept.mutate()}>
              {t('kyc.disclosures.accept')}
            </Button>
          </Group>
        </>
      )}
    </KycPage>
  );
}
