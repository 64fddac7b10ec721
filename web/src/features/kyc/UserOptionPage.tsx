// /user-option: personal (default) or business use.
import { Button, Group, Radio, Stack } from '@mantine/core';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { KycPage, KycSpinner } from './KycShell.tsx';
import { personState, userOptionRedirect } from './kycStatus.ts';
import { usePersonRecord } from './kycApi.ts';
import { useT } from '../../i18n/useT.ts';

export function UserOptionPage() {
  const navigate = useNavigate();
  const { t } = useT();
  const [choice, setChoice] = useState<'personal' | 'business'>('personal');
  const person = usePersonRecord();
  if (person.isPending) return <KycSpinner />;
  const to = person.isSuccess ? userOptionRedirect(personState(person.data)) : null;
  if (to) return <Navigate to={to} replace />;
  return (
    <KycPage title={t('kyc.userOption.title')}>
      <Radio.Group value={choice} onChange={(v) => setChoice(v === 'business' ? 'business' : 'personal')}>
        <Stack gap="sm">
          <Radio.Card value="personal" p="md" radius="md">
            <Group wrap="nowrap" align="flex-start">
              <Radio.Indicator />
              <div>
                <b>{t('kyc.userOption.personal')}</b>
                <div style={{ color: 'var(--mantine-color-dimmed)', fontSize: 14 }}>
                  {t('kyc.userOption.personalHint')}
                </div>
              </div>
            </Group>
          </Radio.Card>
          <Radio.Card value="business" p="md" radius="md">
            <Group wrap="nowrap" align="flex-start">
              <Radio.Indicator />
              <div>
                <b>{t('kyc.userOption.business')}</b>
                <div style={{ color: 'var(--mantine-color-dimmed)', fontSize: 14 }}>
                  {t('kyc.userOption.businessHint')}
                </div>
              </div>
            </Group>
          </Radio.Card>
        </Stack>
      </Radio.Group>
      <Group justify="flex-end">
        <Button
          size="md"
          onClick={() => void navigate(choice === 'business' ? '/business-request' : '/personal-detail')}
        >
          {t('common.continue')}
        </Button>
      </Group>
    </KycPage>
  );
}
