// The fields of the personal details form, in the spec's sections, each with its id
// (`kyc-<field>`), label and error.
import { Divider, Group, Radio, Select, TextInput, Textarea } from '@mantine/core';
import { KycSection as Section } from './KycShell.tsx';
import type { Choice } from './kycApi.ts';
import { othersEnabled, type PersonalField, type PersonalForm } from './personalSchema.ts';
import type { PersonalErrors } from './usePersonalForm.ts';

export interface PersonalFieldsProps {
  form: PersonalForm;
  errors: PersonalErrors;
  locked: boolean;
  set: (f: PersonalField) => (value: string | null) => void;
  lookups: Partial<Record<string, Choice[]>> | undefined;
}

type OthersField = 'othersOfFunds' | 'othersOfWealth' | 'othersOfPurpose';

export function PersonalFields(props: PersonalFieldsProps) {
  const { form, errors, locked, set } = props;
  const select = (f: PersonalField, label: string, col: string) => (
    <LookupSelect {...props} field={f} label={label} column={col} />
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
  const others = (f: OthersField, label: string) => (
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
    <>
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
        <PepChoice {...props} />
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
    </>
  );
}

/** A required choice from the server's lookup list `column` (e.g. 'GenderCd15'). */
function LookupSelect({
  form,
  errors,
  locked,
  set,
  lookups,
  field: f,
  label,
  column,
}: PersonalFieldsProps & { field: PersonalField; label: string; column: string }) {
  return (
    <Select
      id={`kyc-${f}`}
      label={label}
      placeholder="Select"
      withAsterisk
      searchable
      data={(lookups?.[column] ?? []).map((c) => ({ value: c.key, label: c.label }))}
      value={form[f] || null}
      onChange={set(f)}
      error={errors[f]}
      disabled={locked}
      nothingFoundMessage="No options"
      comboboxProps={{ withinPortal: true }}
    />
  );
}

function PepChoice({ form, errors, locked, set }: PersonalFieldsProps) {
  return (
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
  );
}
