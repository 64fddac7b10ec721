// The fields of the personal details form, in the spec's sections, each with its id
// (`kyc-<field>`), label and error.
import { Divider, Group, Radio, Select, TextInput, Textarea } from '@mantine/core';
import { KycSection as Section } from './KycShell.tsx';
import type { Choice } from './kycApi.ts';
import { othersEnabled, type PersonalField, type PersonalForm } from './personalSchema.ts';
import type { PersonalErrors } from './usePersonalForm.ts';
import { useT } from '../../i18n/useT.ts';
import { useLocalizedChoices } from './referenceLists.ts';

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
  const { t, message } = useT();
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
      error={message(errors[f])}
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
      error={message(errors[f])}
    />
  );

  return (
    <>
      <Section title={t('kyc.personal.about')}>
        {text('name', t('kyc.personal.name'))}
        {select('gender', t('kyc.personal.gender'), 'GenderCd15')}
        {select('nationality', t('kyc.personal.nationality'), 'NationalityId15')}
        {select('residency', t('kyc.personal.residency'), 'CountryOfResId15')}
        {select('countryOfBirth', t('kyc.personal.countryOfBirth'), 'CountryOfBirthId15')}
        {text('birthday', t('kyc.personal.birthday'), { type: 'date' })}
        {select('occupation', t('kyc.personal.occupation'), 'OccupationId15')}
        {select('industry', t('kyc.personal.industry'), 'IndustryId15')}
      </Section>
      <Divider />
      <Section title={t('kyc.personal.funds')}>
        {select('sourceOfFunds', t('kyc.personal.sourceOfFunds'), 'SourceOfFundsId15')}
        {others('othersOfFunds', t('kyc.personal.otherFunds'))}
        {select('sourceOfWealth', t('kyc.personal.sourceOfWealth'), 'SourceOfWealthId15')}
        {others('othersOfWealth', t('kyc.personal.otherWealth'))}
        {select('purpose', t('kyc.personal.purpose'), 'PurposeId15')}
        {others('othersOfPurpose', t('kyc.personal.otherPurpose'))}
        {text('annualIncome', t('kyc.personal.income'), { description: t('kyc.personal.incomeHint') })}
        <PepChoice {...props} />
      </Section>
      <Divider />
      <Section title={t('kyc.personal.idDocument')}>
        {select('idType', t('kyc.personal.idType'), 'IdTypeId15')}
        {text('idNumber', t('kyc.personal.idNumber'))}
        {select('idIssueCountry', t('kyc.personal.idIssueCountry'), 'IdIssueCountryId15')}
        {text('issueDate', t('kyc.personal.issueDate'), { type: 'date' })}
        {text('expiryDate', t('kyc.personal.expiryDate'), {
          type: 'date',
          description: t('kyc.personal.expiryHint'),
        })}
      </Section>
      <Divider />
      <Section title={t('kyc.personal.contact')}>
        {text('contactNumber', t('kyc.personal.contactNumber'), { type: 'tel' })}
        {text('postalCode', t('kyc.personal.postalCode'))}
      </Section>
      <Textarea
        id="kyc-address"
        label={t('kyc.personal.address')}
        description={t('kyc.personal.addressHint')}
        withAsterisk
        autosize
        minRows={2}
        value={form.address}
        onChange={(e) => set('address')(e.currentTarget.value)}
        error={message(errors.address)}
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
  const { t, message } = useT();
  const choices = useLocalizedChoices();
  return (
    <Select
      id={`kyc-${f}`}
      label={label}
      placeholder={t('common.select')}
      withAsterisk
      searchable
      data={choices(column, lookups?.[column])}
      value={form[f] || null}
      onChange={set(f)}
      error={message(errors[f])}
      disabled={locked}
      nothingFoundMessage={t('common.noOptions')}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

function PepChoice({ form, errors, locked, set }: PersonalFieldsProps) {
  const { t, message } = useT();
  return (
    <Radio.Group
      id="kyc-pep"
      label={t('kyc.personal.pep')}
      withAsterisk
      value={form.pep}
      onChange={set('pep')}
      error={message(errors.pep)}
    >
      <Group mt={8}>
        <Radio value="Y" label={t('common.yes')} disabled={locked} />
        <Radio value="N" label={t('common.no')} disabled={locked} />
      </Group>
    </Radio.Group>
  );
}
