// The support request screen (/customer-support, spec 002 section 2): 'Request Type*',
// 'Request Information*', 'Send Message'; success goes to /confirm-message. Only an approved
// customer who finished liveness and disclosures files requests (the others are sent on).
import { Button, Group, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { isApiError } from '../../api/errors.ts';
import { useSession } from '../../shell/session/session.tsx';
import { KycPage, KycSpinner } from './KycShell.tsx';
import { useT } from '../../i18n/useT.ts';
import { useLocalizedChoices } from './referenceLists.ts';
import { supportRequestScreen, useKycRecords, type KycRow } from './kycApi.ts';
import { corporateState, personState, supportRedirect } from './kycStatus.ts';
import {
  REQUEST_INFO_MAX,
  supportRequestRow,
  validateSupportRequest,
  type SupportErrors,
  type SupportForm,
} from './supportRequestRules.ts';

// The request types' Select (Combobox, its dropdown and options) loads just after the form shows;
// until then a read-only field of the same label and placeholder holds its place.
// Asked for as the page mounts, so that it is usually there by the time the KYC records are.
const loadSelect = () => import('../../ui/selectModule.ts');
const Select = lazy(loadSelect);

export function SupportRequestPage() {
  const records = useKycRecords();
  useEffect(() => {
    void loadSelect();
  }, []);
  if (records.isPending) return <KycSpinner />;
  const to = records.isError
    ? '/welcome'
    : supportRedirect(personState(records.person), corporateState(records.corporate));
  if (to) return <Navigate to={to} replace />;
  return <SupportRequestForm person={records.person ?? {}} corporate={records.corporate ?? {}} />;
}

function SupportRequestForm({ person, corporate }: { person: KycRow; corporate: KycRow }) {
  const { api, user } = useSession();
  const navigate = useNavigate();
  const [form, setForm] = useState<SupportForm>({ requestType: '', requestInfo: '' });
  const [errors, setErrors] = useState<SupportErrors>({});
  const [checked, setChecked] = useState(false);
  const { t, message } = useT();
  const choices = useLocalizedChoices();
  const types = useQuery({
    queryKey: ['support', 'requestTypes'],
    queryFn: async () =>
      (await api.call(supportRequestScreen.dropdown('RequestTypeId51'), { query: '', topN: 100 })).data ?? [],
    staleTime: 10 * 60_000,
  });
  const send = useMutation({
    meta: { silent: true },
    mutationFn: (values: SupportForm) =>
      api.call(supportRequestScreen.SaveData, {
        mst: supportRequestRow(values, {
          userId: user?.UsrId ?? 0,
          personId: person.KycPersonId15,
          corpId: corporate.KycCorpId16,
        }),
        dtl: [],
        options: {},
      }),
    onSuccess: () => navigate('/confirm-message'),
    onError: (e) => {
      if (!isApiError(e)) return;
      const byField: SupportErrors = {};
      for (const v of e.validationErrors) {
        if (v.field.endsWith('RequestTypeId51')) byField.requestType ??= v.message;
        if (v.field.endsWith('RequestInfo51')) byField.requestInfo ??= v.message;
      }
      setErrors(Object.keys(byField).length ? byField : { requestInfo: e.message });
    },
  });
  const update = (next: SupportForm) => {
    setForm(next);
    if (checked) setErrors(validateSupportRequest(next));
  };
  const submit = () => {
    setChecked(true);
    const found = validateSupportRequest(form);
    setErrors(found);
    if (Object.keys(found).length === 0) send.mutate(form);
  };
  return (
    <KycPage title={t('support.title')} subtitle={t('support.subtitle')} size="md">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Suspense
          fallback={
            <TextInput
              label={t('support.requestType')}
              withAsterisk
              placeholder={t('common.select')}
              readOnly
              error={message(errors.requestType)}
              mb="md"
            />
          }
        >
          <Select
            label={t('support.requestType')}
            withAsterisk
            placeholder={t('common.select')}
            data={choices('RequestTypeId51', types.data)}
            value={form.requestType || null}
            onChange={(v) => update({ ...form, requestType: v ?? '' })}
            error={message(errors.requestType)}
            comboboxProps={{ withinPortal: true }}
            mb="md"
          />
        </Suspense>
        <Textarea
          label={t('support.requestInfo')}
          withAsterisk
          autosize
          minRows={5}
          maxLength={REQUEST_INFO_MAX}
          value={form.requestInfo}
          onChange={(e) => update({ ...form, requestInfo: e.currentTarget.value })}
          error={message(errors.requestInfo)}
          mb="lg"
        />
        <Group justify="flex-end">
          <Button type="submit" loading={send.isPending}>
            {t('support.send')}
          </Button>
        </Group>
      </form>
    </KycPage>
  );
}
