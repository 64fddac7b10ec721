// /personal-detail: 'Step 1 of 4: Personal Details'. Loads the customer's own KycPerson15 row, checks
// the form with the spec's messages next to the fields, saves through KycPersonWs SaveData (the server
// sets status P1), and locks for p1, P3, P4, AP and DE.
import { Button, Group, Stack, Text } from '@mantine/core';
import { UnsavedChangesGuard } from '../../framework/UnsavedChangesGuard.tsx';
import { KycPage, KycRecordAlerts, KycSpinner } from './KycShell.tsx';
import { usePersonLookups, usePersonRecord, type Choice, type KycRow } from './kycApi.ts';
import { isLocked } from './kycStatus.ts';
import { PersonalFields } from './PersonalFields.tsx';
import { usePersonalForm } from './usePersonalForm.ts';
import { useT } from '../../i18n/useT.ts';

export function PersonalDetailPage() {
  const { t } = useT();
  const person = usePersonRecord();
  const lookups = usePersonLookups();
  if (person.isPending || lookups.isPending) return <KycSpinner />;
  if (person.isError) return <KycPage title={t('kyc.personal.title')}>{t('kyc.personal.notLoaded')}</KycPage>;
  return <PersonalDetailForm stored={person.data} lookups={lookups.data} />;
}

function PersonalDetailForm({
  stored,
  lookups,
}: {
  stored: KycRow;
  lookups: Partial<Record<string, Choice[]>> | undefined;
}) {
  const { t } = useT();
  const { row, form, errors, dirty, set, submit, saving } = usePersonalForm(stored);
  const locked = isLocked(String(row.InternalStatus15 ?? ''));

  return (
    <KycPage title={t('kyc.personal.title')} subtitle={t('kyc.personal.subtitle')} size="md">
      {!locked && <UnsavedChangesGuard dirty={dirty} />}
      <KycRecordAlerts
        row={row}
        lockedTitle={t('kyc.personal.lockedTitle')}
        lockedText={t('kyc.personal.lockedText')}
      />
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit('/supporting-doc');
        }}
      >
        <Stack gap="xl">
          <PersonalFields form={form} errors={errors} locked={locked} set={set} lookups={lookups} />
          {locked ? null : (
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {t('kyc.required')}
              </Text>
              <Group gap="sm">
                <Button variant="default" loading={saving} onClick={() => void submit(null)}>
                  {t('kyc.save')}
                </Button>
                <Button type="submit" loading={saving}>
                  {t('kyc.saveContinue')}
                </Button>
              </Group>
            </Group>
          )}
        </Stack>
      </form>
    </KycPage>
  );
}
