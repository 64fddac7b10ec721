// The reviewer's identity checks of a personal KYC record (/staff/kyc): the selfie compared with
// the newest ID document picture (CynopsisWs FaceCompare) and that document's text and machine
// readable zone (DocOCR), with the zone's fields set against what the customer entered; the
// server keeps the latest of each (GetIdentityChecks), and the status field says whether they
// passed (an approval against failed checks needs a reason). Also the customer's liveness scores,
// which the customer is not shown.
import { Alert, Badge, Button, Code, Group, Paper, Spoiler, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../shell/session/session.tsx';
import {
  Cynopsis,
  parseJsonText,
  type DocOcrResult,
  type DocumentCheck,
  type LivenessRecord,
} from '@payd/schemas';
import { formatTimestamp } from '../../framework/columns.ts';
import { formatNumber } from '@payd/i18n';
import {
  CHECK_DIGIT_NAMES,
  compareWithRecord,
  identityCheckFailures,
  failureMessage,
  identityCheckNote,
} from './identityChecks.ts';
import { useT, type Translate } from '../../i18n/useT.ts';

/** A reading just made (DocOCR, with its text) or the one the server kept (the zone, no text). */
type DocumentReading = DocOcrResult | DocumentCheck;

const checksKey = (personId: string) => ['identity-checks', personId];

/** The latest identity checks of a record as the server keeps them. */
export function useIdentityCheckResults(personId: string) {
  const api = useApi();
  return useQuery({
    queryKey: checksKey(personId),
    queryFn: async () => (await api.call(Cynopsis.GetIdentityChecks, { kycPersonId: Number(personId) })).data,
    meta: { silent: true },
  });
}

const NOTE_COLOURS = { passed: 'teal.8', failed: 'red.8', approved: 'orange.8' } as const;

/**
 * Beside the status: whether the latest identity checks passed, set against the record as edited
 * (`mst`) and its status as saved (`saved`); see identityCheckNote.
 */
export function IdentityCheckNote({
  personId,
  mst,
  saved,
}: {
  personId: string;
  mst: Record<string, unknown>;
  saved: Record<string, unknown> | undefined;
}) {
  const results = useIdentityCheckResults(personId);
  const { t, message, lang } = useT();
  if (!results.data) return null;
  const { faces, document } = results.data;
  if (!faces && !document)
    return (
      <Text size="xs" c="dimmed" mt={4} data-testid="identity-check-note">
        {t('staff.checks.notRun')}
      </Text>
    );
  const failures = identityCheckFailures({ faces: faces?.result, document: document?.result }, mst);
  const note = identityCheckNote(failures, {
    edited: String(mst.InternalStatus15 ?? ''),
    saved: saved ? String(saved.InternalStatus15 ?? '') : undefined,
  });
  return (
    <Text size="xs" c={NOTE_COLOURS[note.tone]} mt={4} data-testid="identity-check-note">
      {t(note.id, { failures: failures.map((f) => failureText(f, { t, message, lang })).join(', ') })}
    </Text>
  );
}

/** A failure of identityCheckFailures in the active language. */
function failureText(
  failure: string,
  { t, message, lang }: Pick<Translate, 't' | 'message' | 'lang'>,
): string {
  const m = failureMessage(failure);
  if ('text' in m) return m.text;
  // A field's label names it mid-sentence: German keeps its capital (a noun), the others do not
  // ('fields disagree with the record (name, date of birth)').
  const name = (n: string) => {
    const label = message(n);
    return lang.startsWith('de') ? label : label.charAt(0).toLowerCase() + label.slice(1);
  };
  return t(m.id, { names: m.names?.map(name).join(', ') });
}

export function IdentityChecks({ personId, mst }: { personId: string; mst: Record<string, unknown> }) {
  const api = useApi();
  const { t } = useT();
  const queryClient = useQueryClient();
  const stored = useIdentityCheckResults(personId).data;
  // The server keeps each check a reviewer runs: read them again for the note beside the status.
  const refresh = () => queryClient.invalidateQueries({ queryKey: checksKey(personId) });
  const faces = useMutation({
    mutationFn: async () => {
      const r = await api.call(Cynopsis.FaceCompare, {
        selfieImageUri: `payd:selfie/${personId}`,
        idDocImageUri: `payd:id-doc/${personId}`,
      });
      return parseJsonText(r.data);
    },
    onSuccess: refresh,
  });
  const reading = useMutation({
    mutationFn: async () => {
      const r = await api.call(Cynopsis.DocOCR, { idDocImageUri1: `payd:id-doc/${personId}` });
      return parseJsonText(r.data);
    },
    onSuccess: refresh,
  });
  const faceResult = faces.data ?? stored?.faces?.result;
  const readingResult: DocumentReading | undefined = reading.data ?? stored?.document?.result;

  return (
    <section aria-label={t('staff.checks.title')}>
      <Title order={3} size="h6" mb={4}>
        {t('staff.checks.title')}
      </Title>
      <Text size="xs" c="dimmed" mb="xs">
        {t('staff.checks.intro')}
      </Text>
      <Stack gap="sm">
        <Paper withBorder p="sm" radius="md">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm" fw={600}>
              {t('staff.checks.faces')}
            </Text>
            <Button size="xs" variant="light" loading={faces.isPending} onClick={() => faces.mutate()}>
              {t('staff.checks.compareFaces')}
            </Button>
          </Group>
          {faces.error && (
            <Alert color="red" mt="xs" p="xs">
              {faces.error.message}
            </Alert>
          )}
          {faceResult && (
            <Group gap="xs" mt="xs" data-testid="face-comparison">
              <Badge color={faceResult.match ? 'teal' : 'red'} variant="light">
                {faceResult.match ? t('staff.checks.samePerson') : t('staff.checks.notMatch')}
              </Badge>
              <Text size="sm">
                {t('staff.checks.similarity', {
                  similarity: faceResult.similarity.toFixed(3),
                  threshold: faceResult.threshold,
                  selfie: faceResult.selfieFaces,
                  document: faceResult.documentFaces,
                })}
              </Text>
              {!faces.data && stored?.faces && <CheckedBy check={stored.faces} />}
            </Group>
          )}
        </Paper>

        <Paper withBorder p="sm" radius="md">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm" fw={600}>
              {t('staff.checks.docText')}
            </Text>
            <Button size="xs" variant="light" loading={reading.isPending} onClick={() => reading.mutate()}>
              {t('staff.checks.readDoc')}
            </Button>
          </Group>
          {reading.error && (
            <Alert color="red" mt="xs" p="xs">
              {reading.error.message}
            </Alert>
          )}
          {readingResult && <ReadingResult reading={readingResult} mst={mst} />}
          {!reading.data && stored?.document && <CheckedBy check={stored.document} />}
        </Paper>

        <Paper withBorder p="sm" radius="md">
          <Text size="sm" fw={600}>
            {t('staff.checks.liveness')}
          </Text>
          <LivenessResult liveness={stored?.liveness ?? null} loaded={Boolean(stored)} />
        </Paper>
      </Stack>
    </section>
  );
}

function CheckedBy({ check }: { check: { checkedOn: string; checkedByName: string } }) {
  const { t } = useT();
  return (
    <Text size="xs" c="dimmed">
      {t('staff.checks.checkedBy', { when: formatTimestamp(check.checkedOn), name: check.checkedByName })}
    </Text>
  );
}

const score = (v: number | null) => (v === null ? '—' : v.toFixed(2));

/** The server's verdict on the customer's selfie, with the numbers the customer is not shown. */
function LivenessResult({ liveness, loaded }: { liveness: LivenessRecord | null; loaded: boolean }) {
  const { t } = useT();
  if (!loaded) return null;
  if (!liveness)
    return (
      <Text size="sm" mt="xs" c="dimmed">
        {t('staff.checks.noLiveness')}
      </Text>
    );
  return (
    <Stack gap={2} mt="xs" data-testid="liveness-result">
      <Group gap="xs">
        <Badge color={liveness.status === 'PASSED' ? 'teal' : 'red'} variant="light">
          {liveness.status}
        </Badge>
        <Text size="sm">
          {t('staff.checks.livenessScores', {
            faces: liveness.faces ?? 0,
            score: score(liveness.score),
            real: score(liveness.real),
            live: score(liveness.live),
          })}
        </Text>
      </Group>
      {liveness.reason && <Text size="sm">{liveness.reason}</Text>}
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {liveness.completedOn
          ? t('staff.checks.livenessSessionOn', {
              session: liveness.sessionId,
              when: formatTimestamp(liveness.completedOn),
              attempts: liveness.attempts,
            })
          : t('staff.checks.livenessSession', { session: liveness.sessionId, attempts: liveness.attempts })}
      </Text>
    </Stack>
  );
}

function ReadingResult({ reading, mst }: { reading: DocumentReading; mst: Record<string, unknown> }) {
  const { t, message, lang } = useT();
  if (reading.ocr !== 'done')
    return (
      <Text size="sm" mt="xs">
        {t('staff.checks.pdf')}
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
                ? t('staff.checks.digitsCorrect')
                : t('staff.checks.digitsWrong', {
                    names: mrz.failedCheckDigits.map((c) => message(CHECK_DIGIT_NAMES[c] ?? c)).join(', '),
                  })}
            </Badge>
            <Text size="xs" c="dimmed">
              {t(mrz.format === 'TD3' ? 'staff.checks.passport' : 'staff.checks.idCard', {
                state: mrz.issuingState,
              })}
            </Text>
          </Group>
          <Table.ScrollContainer minWidth={420}>
            <Table fz="xs" withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('staff.checks.field')}</Table.Th>
                  <Table.Th>{t('staff.checks.onDocument')}</Table.Th>
                  <Table.Th>{t('staff.checks.entered')}</Table.Th>
                  <Table.Th>{t('staff.checks.agrees')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {compareWithRecord(mrz, mst).map((row) => (
                  <Table.Tr key={row.field}>
                    <Table.Td>{message(row.field)}</Table.Td>
                    <Table.Td>{row.document || '—'}</Table.Td>
                    <Table.Td>{row.record || '—'}</Table.Td>
                    <Table.Td>
                      {row.agrees === null ? (
                        ''
                      ) : (
                        <Badge size="xs" color={row.agrees ? 'teal' : 'red'} variant="light">
                          {row.agrees ? t('common.yes') : t('common.no')}
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
        <Text size="sm">{t('staff.checks.noMrz')}</Text>
      )}
      {'text' in reading && (
        <Spoiler maxHeight={0} showLabel={t('staff.checks.showText')} hideLabel={t('staff.checks.hideText')}>
          <Code block fz="xs">
            {reading.text?.trim() || t('staff.checks.noText')}
          </Code>
          {typeof reading.confidence === 'number' && (
            <Text size="xs" c="dimmed">
              {t('staff.checks.confidence', {
                percent: formatNumber(lang, reading.confidence, {
                  style: 'percent',
                  maximumFractionDigits: 0,
                }),
              })}
            </Text>
          )}
        </Spoiler>
      )}
    </Stack>
  );
}
