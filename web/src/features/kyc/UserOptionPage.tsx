// /user-option: personal (default) or business use.
import { Button, Group, Radio, Stack } from '@mantine/core';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { KycPage, KycSpinner } from './KycShell.tsx';
import { personState, userOptionRedirect } from './kycStatus.ts';
import { usePersonRecord } from './kycApi.ts';

export function UserOptionPage() {
  const navigate = useNavigate();
  const [choice, setChoice] = useState<'personal' | 'business'>('personal');
  const person = usePersonRecord();
  if (person.isPending) return <KycSpinner />;
  const to = person.isSuccess ? userOptionRedirect(personState(person.data)) : null;
  if (to) return <Navigate to={to} replace />;
  return (
    <KycPage title="Which User Best Represents You?">
      <Radio.Group value={choice} onChange={(v) => setChoice(v === 'business' ? 'business' : 'personal')}>
        <Stack gap="sm">
          <Radio.Card value="personal" p="md" radius="md">
            <Group wrap="nowrap" align="flex-start">
              <Radio.Indicator />
              <div>
                <b>Personal use</b>
                <div style={{ color: 'var(--mantine-color-dimmed)', fontSize: 14 }}>
                  I stake or borrow with my own funds.
                </div>
              </div>
            </Group>
          </Radio.Card>
          <Radio.Card value="business" p="md" radius="md">
            <Group wrap="nowrap" align="flex-start">
              <Radio.Indicator />
              <div>
                <b>Business</b>
                <div style={{ color: 'var(--mantine-color-dimmed)', fontSize: 14 }}>
                  I act for a company or another legal entity.
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
          Continue
        </Button>
      </Group>
    </KycPage>
  );
}
