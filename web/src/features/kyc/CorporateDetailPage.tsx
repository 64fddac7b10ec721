// /corporate-detail: the customer's business KYC record, read-only (spec 002 section 2). The record is
// set up by our team after a business account request; its dropdowns show the reference data the
// server serves (KycCorporateWs supporting data), the related persons and documents are listed.
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Divider,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import { KycPage, KycSection as Section, KycSpinner } from './KycShell.tsx';
import { useLocalizedChoices } from './referenceLists.ts';
import { useCorporateRecord, type Choice, type KycRow } from './kycApi.ts';
import {
  corporateFields,
  corporateValue,
  dropdownChoices,
  relatedPersonColumns,
  yesNo,
} from './corporateFields.ts';
import { useT } from '../../i18n/useT.ts';

const statusColor: Record<string, string> = { AP: 'teal', DE: 'red', P2: 'orange' };

export function CorporateDetailPage() {
  const corporate = useCorporateRecord(undefined, true);
  const { t } = useT();
  if (corporate.isPending) return <KycSpinner />;
  if (corporate.isError)
    return <KycPage title={t('kycBiz.corporate.title')}>{t('kycBiz.corporate.notLoaded')}</KycPage>;
  const { mst, dtl, lists } = corporate.data;
  if (mst.KycCorpId16 === undefined || mst.KycCorpId16 === null || mst.KycCorpId16 === '')
    return (
      <KycPage title={t('kycBiz.corporate.title')}>
        <Text>{t('kycBiz.corporate.noAccount')}</Text>
        <Text c="dimmed" size="sm">
          {t('kycBiz.corporate.askHint')}
        </Text>
        <Group justify="flex-end">
          <Button component={Link} to="/business-request">
            {t('kycBiz.corporate.request')}
          </Button>
        </Group>
      </KycPage>
    );
  return <CorporateDetail mst={mst} dtl={dtl} lists={lists} />;
}

type FieldName = (typeof corporateFields)[number]['name'];

/** One field of the record, read-only, as its kind shows it. */
function CorporateFieldView({
  name,
  mst,
  lists,
}: {
  name: FieldName;
  mst: KycRow;
  lists: Record<string, Choice[]>;
}) {
  const { t, message } = useT();
  const localize = useLocalizedChoices();
  const f = corporateFields.find((x) => x.name === name)!;
  const label = t(`kycBiz.field.${f.name}`);
  const value = corporateValue(mst, f.name);
  if (f.kind === 'dropdown' || f.kind === 'yesNo') {
    const choices =
      f.kind === 'dropdown'
        ? dropdownChoices(mst, f.name, lists, localize)
        : Object.entries(yesNo).map(([v, text]) => ({ value: v, label: message(text) }));
    return <Select label={label} data={choices} value={value || null} readOnly variant="filled" />;
  }
  if (f.kind === 'long')
    return <Textarea label={label} value={value} autosize minRows={2} readOnly variant="filled" />;
  return <TextInput label={label} value={value} readOnly variant="filled" />;
}

function CorporateDetail({
  mst,
  dtl,
  lists,
}: {
  mst: KycRow;
  dtl: KycRow[];
  lists: Record<string, Choice[]>;
}) {
  const { t, message } = useT();
  const status = String(mst.InternalStatus16 ?? '');
  const docs = Array.isArray(mst.KycCorpDoc16) ? (mst.KycCorpDoc16 as KycRow[]) : [];
  const field = (name: FieldName) => <CorporateFieldView key={name} name={name} mst={mst} lists={lists} />;
  return (
    <KycPage title={t('kycBiz.corporate.title')} subtitle={t('kycBiz.corporate.subtitle')} size="md">
      <Group gap="sm">
        <Text fw={600}>{t('kycBiz.corporate.status')}</Text>
        <Badge color={statusColor[status] ?? 'blue'} variant="light" size="lg" data-testid="corporate-status">
          {mst.InternalStatus16Text !== undefined && mst.InternalStatus16Text !== null
            ? message(String(mst.InternalStatus16Text))
            : status || t('kycBiz.corporate.notSubmitted')}
        </Badge>
        <Anchor component={Link} to="/kyc-status" size="sm">
          {t('kyc.seeStatus')}
        </Anchor>
      </Group>
      {status === 'P2' ? (
        <Alert color="orange" variant="light">
          {t('kyc.status.problemCorporate')}
        </Alert>
      ) : null}
      <Section title={t('kycBiz.corporate.company')}>
        {field('Name16')}
        {field('IncorpNumber16')}
        {field('EntityTypeId16')}
        {field('OwnershipTypeId16')}
        {field('BusinessTypeId16')}
        {field('Pep16')}
      </Section>
      <Divider />
      <Section title={t('kycBiz.corporate.countries')}>
        {field('CountryOfIncorpId16')}
        {field('CountryOfOpId16')}
        {field('CountryOfAddrId16')}
      </Section>
      <Divider />
      <Section title={t('kycBiz.corporate.funds')}>
        {field('SourceOfFundsId16')}
        {field('BusSourceOfWealthId16')}
        {field('PurposeId16')}
      </Section>
      <Divider />
      <Section title={t('kycBiz.corporate.contact')}>
        {field('PhoneNbrs16')}
        {field('Addresses16')}
      </Section>
      <Divider />
      <RelatedPersons dtl={dtl} />
      <CorporateDocuments docs={docs} />
    </KycPage>
  );
}

function RelatedPersons({ dtl }: { dtl: KycRow[] }) {
  const { t, message, lang } = useT();
  return (
    <Stack gap="xs">
      <Title order={2} fz="md" c="dimmed" tt="uppercase" lts={0.5}>
        {t('kycBiz.persons.title')}
      </Title>
      {dtl.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('kycBiz.persons.none')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped withTableBorder aria-label={t('kycBiz.persons.title')}>
            <Table.Thead>
              <Table.Tr>
                {relatedPersonColumns.map((c) => (
                  <Table.Th key={c.name}>{t(`kycBiz.person.${c.name}`)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {dtl.map((r) => (
                <Table.Tr key={String(r.KycCorpCrpId23)}>
                  {relatedPersonColumns.map((c) => (
                    <Table.Td key={c.name}>{message(corporateValue(r, c.name, true, lang))}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function CorporateDocuments({ docs }: { docs: KycRow[] }) {
  const { t } = useT();
  return (
    <Stack gap="xs">
      <Title order={2} fz="md" c="dimmed" tt="uppercase" lts={0.5}>
        {t('kycBiz.docs.title')}
      </Title>
      {docs.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('kycBiz.docs.none')}
        </Text>
      ) : (
        <Stack gap={4}>
          {docs.map((d) => (
            <Text key={String(d.DocId)} size="sm">
              {String(d.DocName ?? d.fileName ?? '')}
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
