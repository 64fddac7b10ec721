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
import { useCorporateRecord, type Choice, type KycRow } from './kycApi.ts';
import {
  corporateFields,
  corporateValue,
  dropdownChoices,
  relatedPersonColumns,
  yesNo,
} from './corporateFields.ts';

const statusColor: Record<string, string> = { AP: 'teal', DE: 'red', P2: 'orange' };

export function CorporateDetailPage() {
  const corporate = useCorporateRecord(undefined, true);
  if (corporate.isPending) return <KycSpinner />;
  if (corporate.isError)
    return <KycPage title="Corporate Details">Your business record could not be loaded.</KycPage>;
  const { mst, dtl, lists } = corporate.data;
  if (mst.KycCorpId16 === undefined || mst.KycCorpId16 === null || mst.KycCorpId16 === '')
    return (
      <KycPage title="Corporate Details">
        <Text>You have no business account yet.</Text>
        <Text c="dimmed" size="sm">
          Ask for one and a representative will set it up with you.
        </Text>
        <Group justify="flex-end">
          <Button component={Link} to="/business-request">
            Request a Business Account
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
  const f = corporateFields.find((x) => x.name === name)!;
  const value = corporateValue(mst, f.name);
  if (f.kind === 'dropdown' || f.kind === 'yesNo') {
    const choices =
      f.kind === 'dropdown'
        ? dropdownChoices(mst, f.name, lists)
        : Object.entries(yesNo).map(([v, label]) => ({ value: v, label }));
    return <Select label={f.label} data={choices} value={value || null} readOnly variant="filled" />;
  }
  if (f.kind === 'long')
    return <Textarea label={f.label} value={value} autosize minRows={2} readOnly variant="filled" />;
  return <TextInput label={f.label} value={value} readOnly variant="filled" />;
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
  const status = String(mst.InternalStatus16 ?? '');
  const docs = Array.isArray(mst.KycCorpDoc16) ? (mst.KycCorpDoc16 as KycRow[]) : [];
  const field = (name: FieldName) => <CorporateFieldView key={name} name={name} mst={mst} lists={lists} />;
  return (
    <KycPage
      title="Corporate Details"
      subtitle="Your business account as our team recorded it. Contact support to change anything."
      size="md"
    >
      <Group gap="sm">
        <Text fw={600}>Status:</Text>
        <Badge color={statusColor[status] ?? 'blue'} variant="light" size="lg" data-testid="corporate-status">
          {String(mst.InternalStatus16Text ?? (status || 'Not submitted'))}
        </Badge>
        <Anchor component={Link} to="/kyc-status" size="sm">
          See your KYC status
        </Anchor>
      </Group>
      {status === 'P2' ? (
        <Alert color="orange" variant="light">
          We&apos;ve flagged the issues with data collection.
        </Alert>
      ) : null}
      <Section title="Company">
        {field('Name16')}
        {field('IncorpNumber16')}
        {field('EntityTypeId16')}
        {field('OwnershipTypeId16')}
        {field('BusinessTypeId16')}
        {field('Pep16')}
      </Section>
      <Divider />
      <Section title="Countries">
        {field('CountryOfIncorpId16')}
        {field('CountryOfOpId16')}
        {field('CountryOfAddrId16')}
      </Section>
      <Divider />
      <Section title="Funds and purpose">
        {field('SourceOfFundsId16')}
        {field('BusSourceOfWealthId16')}
        {field('PurposeId16')}
      </Section>
      <Divider />
      <Section title="Contact">
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
  return (
    <Stack gap="xs">
      <Title order={2} fz="md" c="dimmed" tt="uppercase" lts={0.5}>
        Related persons
      </Title>
      {dtl.length === 0 ? (
        <Text c="dimmed" size="sm">
          No related persons recorded.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped withTableBorder aria-label="Related persons">
            <Table.Thead>
              <Table.Tr>
                {relatedPersonColumns.map((c) => (
                  <Table.Th key={c.name}>{c.label}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {dtl.map((r) => (
                <Table.Tr key={String(r.KycCorpCrpId23)}>
                  {relatedPersonColumns.map((c) => (
                    <Table.Td key={c.name}>{corporateValue(r, c.name, true)}</Table.Td>
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
  return (
    <Stack gap="xs">
      <Title order={2} fz="md" c="dimmed" tt="uppercase" lts={0.5}>
        Documents
      </Title>
      {docs.length === 0 ? (
        <Text c="dimmed" size="sm">
          No documents on file.
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
