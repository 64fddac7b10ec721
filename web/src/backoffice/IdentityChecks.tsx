// The reviewer's identity checks of a personal KYC record (/staff/kyc): the selfie compared with
// the newest ID document picture (CynopsisWs FaceCompare) and that document's text and machine
// readable zone (DocOCR), with the zone's fields set against what the customer entered.
import { Alert, Badge, Button, Code, Group, Paper, Spoiler, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useApi } from '../auth/session.tsx';
import type { Mrz } from '@payd/schemas';
import { compareWithRecord } from './identityChecks.ts';

interface FaceComparison {
  match: boolean;
  similarity: number;
  threshold: number;
  selfieFaces: number;
  documentFaces: number;
}

interface DocumentReading {
  ocr: string;
  text: string | null;
  confidence: number | null;
  mrz: Mrz | null;
}

const CHECK_NAMES: Record<string, string> = {
  documentNumber: 'document number',
  birthDate: 'date of birth',
  expiryDate: 'expiry date',
  optionalData: 'optional data',
  composite: 'composite',
};

export function IdentityChecks({ personId, mst }: { personId: string; mst: Record<string, unknown> }) {
  const api = useApi();
  const faces = useMutation({
    mutationFn: async () => {
      const r = await api.call<string>('Cynopsis', 'FaceCompare', {
        selfieImageUri: `payd:selfie/${personId}`,
        idDocImageUri: `payd:id-doc/${personId}`,
      });
      return JSON.parse(r.data!) as FaceComparison;
    },
  });
  const reading = useMutation({
    mutationFn: async () => {
      const r = await api.call<string>('Cynopsis', 'DocOCR', { idDocImageUri1: `payd:id-doc/${personId}` });
      return JSON.parse(r.data!) as DocumentReading;
    },
  });

  return (
    <section aria-label="Identity checks">
      <Title order={3} size="h6" mb={4}>
        Identity checks
      </Title>
      <Text size="xs" c="dimmed" mb="xs">
        Uses the newest JPEG document of type Identity document. Aids for the reviewer, not a decision.
      </Text>
      <Stack gap="sm">
        <Paper withBorder p="sm" radius="md">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm" fw={600}>
              Selfie and ID document
            </Text>
            <Button size="xs" variant="light" loading={faces.isPending} onClick={() => faces.mutate()}>
              Compare faces
            </Button>
          </Group>
          {faces.error && (
            <Alert color="red" mt="xs" p="xs">
              {faces.error.message}
            </Alert>
          )}
          {faces.data && (
            <Group gap="xs" mt="xs" data-testid="face-comparison">
              <Badge color={faces.data.match ? 'teal' : 'red'} variant="light">
                {faces.data.match ? 'Same person' : 'Not a match'}
              </Badge>
              <Text size="sm">
                similarity {faces.data.similarity.toFixed(3)} (match at {faces.data.threshold}); faces found:
                selfie {faces.data.selfieFaces}, document {faces.data.documentFaces}
              </Text>
            </Group>
          )}
        </Paper>

        <Paper withBorder p="sm" radius="md">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm" fw={600}>
              ID document text
            </Text>
            <Button size="xs" variant="light" loading={reading.isPending} onClick={() => reading.mutate()}>
              Read ID document
            </Button>
          </Group>
          {reading.error && (
            <Alert color="red" mt="xs" p="xs">
              {reading.error.message}
            </Alert>
          )}
          {reading.data && <ReadingResult reading={reading.data} mst={mst} />}
        </Paper>
      </Stack>
    </section>
  );
}

function ReadingResult({ reading, mst }: { reading: DocumentReading; mst: Record<string, unknown> }) {
  if (reading.ocr !== 'done')
    return (
      <Text size="sm" mt="xs">
        The newest ID document is a PDF; only pictures are read.
      </Text>
    );
  const mrz = reading.mrz;
  return (
    <Stack gap="xs" mt="xs" data-testid="document-reading">
      {mrz ? (
        <>
          <Group gap="xs">
            <Badge color={mrz.failedCheckDigits.length === 0 ? 'teal' : 'red'} variant="light">
              {mrz.failedCheckDigits.length === 0
                ? 'Machine readable zone: check digits correct'
                : `Check digits wrong: ${mrz.failedCheckDigits.map((c) => CHECK_NAMES[c] ?? c).join(', ')}`}
            </Badge>
            <Text size="xs" c="dimmed">
              {mrz.format === 'TD3' ? 'Passport' : 'ID card'} issued by {mrz.issuingState}
            </Text>
          </Group>
          <Table.ScrollContainer minWidth={420}>
            <Table fz="xs" withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Field</Table.Th>
                  <Table.Th>On the document</Table.Th>
                  <Table.Th>Entered by the customer</Table.Th>
                  <Table.Th>Agrees</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {compareWithRecord(mrz, mst).map((row) => (
                  <Table.Tr key={row.field}>
                    <Table.Td>{row.field}</Table.Td>
                    <Table.Td>{row.document || '—'}</Table.Td>
                    <Table.Td>{row.record || '—'}</Table.Td>
                    <Table.Td>
                      {row.agrees === null ? (
                        ''
                      ) : (
                        <Badge size="xs" color={row.agrees ? 'teal' : 'red'} variant="light">
                          {row.agrees ? 'Yes' : 'No'}
                        </Badge>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      ) : (
        <Text size="sm">No machine readable zone found on the document.</Text>
      )}
      <Spoiler maxHeight={0} showLabel="Show the text read" hideLabel="Hide the text">
        <Code block fz="xs">
          {reading.text?.trim() || '(no text)'}
        </Code>
        {reading.confidence !== null && (
          <Text size="xs" c="dimmed">
            confidence {Math.round(reading.confidence * 100)}%
          </Text>
        )}
      </Spoiler>
    </Stack>
  );
}
