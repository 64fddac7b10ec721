// /personal-detail: 'Step 1 of 4: Personal Details'. Loads the customer's own KycPerson15 row, checks
// the form with the spec's messages next to the fields, saves through KycPersonWs SaveData (the server
// sets status P1), and locks for p1, P3, P4, AP and DE.
import { Button, Divider, Group, Radio, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../api/errors.ts';
import { useApi } from '../../auth/session.tsx';
import { UnsavedChangesGuard } from '../../framework/UnsavedChangesGuard.tsx';
import { KycPage, KycRecordAlerts, KycSection as Section, KycSpinner } from './KycShell.tsx';
import {
  KYC_PERSON,
  useInvalidatePerson,
  usePersonLookups,
  usePersonRecord,
  type Choice,
  type KycRow,
} from './kycApi.ts';
import { isLocked } from './kycStatus.ts';
import {
  formFromRow,
  othersEnabled,
  personalColumns,
  rowFromForm,
  validatePersonal,
  type PersonalField,
  type PersonalForm,
} from './personalSchema.ts';

type Errors = Partial<Record<PersonalField, string>>;

/** Server validation errors ('mst.Name15') → form fields. */
function fieldErrors(validation: { field: string; message: string }[]): Errors {
  const byColumn = new Map(
    Object.entries(personalColumns).map(([f, c]) => [c as string, f as PersonalField]),
  );
  const out: Errors = {};
  for (const v of validation) {
    const f = byColumn.get(v.field.replace(/^mst\./, ''));
    if (f && !out[f]) out[f] = v.message;
  }
  return out;
}

export function PersonalDetailPage() {
  const person = usePersonRecord();
  const lookups = usePersonLookups();
  if (person.isPending || lookups.isPending) return <KycSpinner />;
  if (person.isError)
    return <KycPage title="Step 1 of 4: Personal Details">Your details could not be loaded.</KycPage>;
  return <PersonalDetailForm stored={person.data} lookups={lookups.data} />;
}

function PersonalDetailForm({
  stored,
  lookups,
}: {
  stored: KycRow;
  lookups: Partial<Record<string, Choice[]>> | undefined;
}) {
  const api = useApi();
  const navigate = useNavigate();
  const invalidate = useInvalidatePerson();
  const [row, setRow] = useState<KycRow>(stored);
  const [baseline, setBaseline] = useState<PersonalForm>(() => formFromRow(stored));
  const [form, setForm] = useState<PersonalForm>(baseline);
  const [errors, setErrors] = useState<Errors>({});
  const [checked, setChecked] = useState(false);
  const [next, setNext] = useState<string | null>(null);
  const status = String(row.InternalStatus15 ?? '');
  const locked = isLocked(status);
  const dirty = useMemo(() => JSON.stringify(form) !== JSON.stringify(baseline), [form, baseline]);

  // Leave only once the saved form is the baseline (the unsaved-changes guard would ask otherwise).
  useEffect(() => {
    if (next && !dirty) void navigate(next);
  }, [next, dirty, navigate]);

  const save = useMutation({
    mutationFn: async (values: PersonalForm) => {
      const r = await api.call<{ mst: KycRow }>(KYC_PERSON, 'SaveData', {
        mst: rowFromForm(values, row),
        dtl: [],
        options: {},
      });
      return { mst: r.data?.mst ?? {}, message: r.message };
    },
  });

  const set = (f: PersonalField) => (value: string | null) => {
    const nextForm = { ...form, [f]: value ?? '' };
    setForm(nextForm);
    if (checked) setErrors(validatePersonal(nextForm, new Date()));
  };

  const submit = async (then: string | null) => {
    setChecked(true);
    const found = validatePersonal(form, new Date());
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const first = Object.keys(personalColumns).find((f) => found[f as PersonalField]);
      document.getElementById(`kyc-${first}`)?.scrollIntoView({ block: 'center' });
      return;
    }
    try {
      const saved = await save.mutateAsync(form);
      setRow(saved.mst);
      const savedForm = formFromRow(saved.mst);
      setBaseline(savedForm);
      setForm(savedForm);
      await invalidate();
      if (then) setNext(then);
    } catch (e) {
      if (isApiError(e)) setErrors(fieldErrors(e.validationErrors));
    }
  };

  const choices = (col: string) => (lookups?.[col] ?? []).map((c) => ({ value: c.key, label: c.label }));
  const select = (f: PersonalField, label: string, col: string) => (
    <Select
      id={`kyc-${f}`}
      label={label}
      placeholder="Select"
      withAsterisk
      searchable
      data={choices(col)}
      value={form[f] || null}
      onChange={set(f)}
      error={errors[f]}
      disabled={locked}
      nothingFoundMessage="No options"
      comboboxProps={{ withinPortal: true }}
    />
  );
  const text = (f: PersonalField, label: string, extra: { type?: string; description?: string } = {}) => (
    <TextInput
      id={`kyc-${f}`}
      label={label}
      withAsterisk
      value={form[f]}
      onChange={(e) => set(f)(e.currentTarget.value)}
      error={errors[f]}
      disabled={locked}
      {...extra}
    />
  );
  const others = (f: 'othersOfFunds' | 'othersOfWealth' | 'othersOfPurpose', label: string) => (
    <TextInput
      id={`kyc-${f}`}
      label={label}
      value={othersEnabled(form, f) ? form[f] : ''}
      onChange={(e) => set(f)(e.currentTarget.value)}
      disabled={locked || !othersEnabled(form, f)}
      error={errors[f]}
    />
  );

  return (
    <KycPage
      title="Step 1 of 4: Personal Details"
      subtitle="Tell us about yourself. Your details are kept confidential and used only to verify your identity."
      size="md"
    >
      {!locked && <UnsavedChangesGuard dirty={dirty} />}
      <KycRecordAlerts
        row={row}
        lockedTitle="Your details are locked"
        lockedText="it can no longer be changed."
      />
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit('/supporting-doc');
        }}
      >
        <Stack gap="xl">
          <Section title="About you">
            {text('name', 'Full name (as on your ID)')}
            {select('gender', 'Gender', 'GenderCd15')}
            {select('nationality', 'Nationality', 'NationalityId15')}
            {select('residency', 'Country of residency', 'CountryOfResId15')}
            {select('countryOfBirth', 'Country of birth', 'CountryOfBirthId15')}
            {text('birthday', 'Date of birth', { type: 'date' })}
            {select('occupation', 'Occupation', 'OccupationId15')}
            {select('industry', 'Industry', 'IndustryId15')}
          </Section>
          <Divider />
          <Section title="Funds and wealth">
            {select('sourceOfFunds', 'Source of funds', 'SourceOfFundsId15')}
            {others('othersOfFunds', 'Other source of funds')}
            {select('sourceOfWealth', 'Source of wealth', 'SourceOfWealthId15')}
            {others('othersOfWealth', 'Other source of wealth')}
            {select('purpose', 'Purpose of the account', 'PurposeId15')}
            {others('othersOfPurpose', 'Other purpose')}
            {text('annualIncome', 'Annual income (USD)', { description: 'A number, up to 2 decimals' })}
            <Radio.Group
              id="kyc-pep"
              label="Are you a politically exposed person?"
              withAsterisk
              value={form.pep}
              onChange={set('pep')}
              error={errors.pep}
            >
              <Group mt={8}>
                <Radio value="Y" label="Yes" disabled={locked} />
                <Radio value="N" label="No" disabled={locked} />
              </Group>
            </Radio.Group>
          </Section>
          <Divider />
          <Section title="Identity document">
            {select('idType', 'ID type', 'IdTypeId15')}
            {text('idNumber', 'ID number')}
            {select('idIssueCountry', 'ID issuance country', 'IdIssueCountryId15')}
            {text('issueDate', 'Issue date', { type: 'date' })}
            {text('expiryDate', 'Expiry date', { type: 'date', description: 'At least 6 months from today' })}
          </Section>
          <Divider />
          <Section title="Contact">
            {text('contactNumber', 'Contact number', { type: 'tel' })}
            {text('postalCode', 'Postal code')}
          </Section>
          <Textarea
            id="kyc-address"
            label="Address"
            description="Your residential address (no P.O. box)"
            withAsterisk
            autosize
            minRows={2}
            value={form.address}
            onChange={(e) => set('address')(e.currentTarget.value)}
            error={errors.address}
            disabled={locked}
          />
          {locked ? null : (
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                Fields marked * are required.
              </Text>
              <Group gap="sm">
                <Button variant="default" loading={save.isPending} onClick={() => void submit(null)}>
                  Save
                </Button>
                <Button type="submit" loading={save.isPending}>
                  Save and Continue
                </Button>
              </Group>
            </Group>
          )}
        </Stack>
      </form>
    </KycPage>
  );
}
