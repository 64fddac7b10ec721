// /liveness: 'Step 3 of 4: Liveness Test' (spec 002 section 4). The embedded widget opens a
// CynopsisWs session, looks for a single live face with the camera (1280x720, facing the user),
// and sends that frame; the server checks it again and alone sets LivenessPassed15 (PASSED) and
// stores the selfie. FAILED or ERROR offer 'I have an issue' (SupportRequestWs
// SendLivenessIssueEmail) and its modal. The person reads whether they passed and what to do next;
// the scores and the session id are for reviewers (the back office's KYC screen).
import { Alert, Button, Divider, Group, Image, List, Modal, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type RefObject } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { SupportRequest } from '@payd/schemas';
import { useApi } from '../../shell/session/session.tsx';
import { KycPage, KycSpinner } from './KycShell.tsx';
import { useInvalidatePerson, usePersonRecord, type KycRow } from './kycApi.ts';
import { personState } from './kycStatus.ts';
import {
  LIVENESS_STATUS,
  ISSUE_MESSAGE,
  ISSUE_NOTE,
  PREVIEW_SIZE,
  guidanceColor,
  livenessActions,
  livenessGuidance,
  type LivenessStatus,
} from './livenessRules.ts';
import { useLivenessTest } from './useLivenessTest.ts';
import { Tagged } from '../../i18n/Tagged.tsx';
import { useT } from '../../i18n/useT.ts';

export function LivenessPage() {
  const { t } = useT();
  const person = usePersonRecord();
  if (person.isPending) return <KycSpinner />;
  if (person.isError) return <KycPage title={t('kyc.liveness.title')}>{t('common.recordNotLoaded')}</KycPage>;
  const state = personState(person.data);
  if (!state) return <Navigate to="/personal-detail" replace />;
  // Liveness already done goes to the status page (spec 002 section 5, onboarding flow). The
  // record is re-read only on Continue, so a pass here shows PASSED first.
  if (state.liveness === 'Y') return <Navigate to="/kyc-status" replace />;
  return <LivenessWidget row={person.data} />;
}

function LivenessWidget({ row }: { row: KycRow }) {
  const navigate = useNavigate();
  const { t } = useT();
  const invalidate = useInvalidatePerson();
  const test = useLivenessTest(row.PicMed15);
  const { status, starting } = test;
  const actions = livenessActions(status, starting);
  return (
    <KycPage title={t('kyc.liveness.title')} subtitle={t('kyc.liveness.subtitle')} size="md">
      <List size="sm" spacing={4}>
        <List.Item>{t('kyc.liveness.light')}</List.Item>
        <List.Item>{t('kyc.liveness.visible')}</List.Item>
        <List.Item>{t('kyc.liveness.noCap')}</List.Item>
      </List>

      <CameraView videoRef={test.videoRef} cameraOn={test.cameraOn} />
      <LivenessResult selfie={test.selfie} status={status} data={test.data} sessionId={test.sessionId} />

      <Group justify="flex-end">
        {actions.showStart ? (
          <Button onClick={() => void test.start()} disabled={actions.startDisabled} loading={starting}>
            {t('kyc.liveness.start')}
          </Button>
        ) : null}
        {actions.showContinue ? (
          <Button onClick={() => void invalidate().then(() => navigate('/disclosures'))}>
            {t('common.continue')}
          </Button>
        ) : null}
      </Group>

      <LivenessIssue row={row} shown={actions.showIssue} />
    </KycPage>
  );
}

function CameraView({
  videoRef,
  cameraOn,
}: {
  videoRef: RefObject<HTMLVideoElement | null>;
  cameraOn: boolean;
}) {
  const { t } = useT();
  return (
    <video
      ref={videoRef}
      aria-label={t('kyc.liveness.camera')}
      muted
      playsInline
      style={{
        display: cameraOn ? 'block' : 'none',
        width: '100%',
        maxWidth: 480,
        aspectRatio: '16 / 9',
        background: '#000',
        borderRadius: 8,
        transform: 'scaleX(-1)',
        alignSelf: 'center',
      }}
    />
  );
}

/** The selfie, the status, the session id and data text (spec 002 section 5), and what it means
 * for the person. While the camera looks, the data text is the live hint the guidance shows. */
function LivenessResult({
  selfie,
  status,
  data,
  sessionId,
}: {
  selfie: string;
  status: LivenessStatus;
  data: string;
  sessionId: string;
}) {
  const { t, message } = useT();
  const looking = status === LIVENESS_STATUS.ready;
  const guidance = livenessGuidance(status, looking ? data : '');
  return (
    <>
      <Group align="flex-start" wrap="nowrap" gap="lg">
        {selfie ? (
          <Image
            src={selfie}
            alt={t('kyc.liveness.selfie')}
            w={PREVIEW_SIZE}
            h={PREVIEW_SIZE}
            radius="sm"
            fit="cover"
            style={{ flex: 'none' }}
          />
        ) : null}
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text data-testid="liveness-status">
            <Tagged
              id="kyc.liveness.status"
              values={{ status: status || t('kyc.liveness.notStarted') }}
              tags={{ b: (text) => <b>{text}</b> }}
            />
          </Text>
          {sessionId ? (
            <Text size="sm" data-testid="liveness-session" style={{ overflowWrap: 'anywhere' }}>
              {t('kyc.liveness.session', { id: sessionId })}{' '}
              <Text span size="xs" c="dimmed">
                {t('kyc.liveness.quote')}
              </Text>
            </Text>
          ) : null}
          {data && !looking ? (
            <Text size="sm" data-testid="liveness-data" style={{ overflowWrap: 'anywhere' }}>
              {t('kyc.liveness.details', { details: message(data) })}
            </Text>
          ) : null}
        </Stack>
      </Group>

      {guidance ? (
        <Alert
          color={guidanceColor(status)}
          variant="light"
          data-testid="liveness-message"
          aria-live="polite"
        >
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {message(guidance.text)}
          </Text>
          <Text size="sm">{message(guidance.next)}</Text>
        </Alert>
      ) : null}
    </>
  );
}

/** 'I have an issue' after a failed test (SendLivenessIssueEmail, offered when `shown`) and the
 * modal that follows. */
function LivenessIssue({ row, shown }: { row: KycRow; shown: boolean }) {
  const api = useApi();
  const navigate = useNavigate();
  const { t, message } = useT();
  const [issueSent, setIssueSent] = useState(false);
  const issue = useMutation({
    // Resolves to nothing, so the reply's 'success' is not toasted: the modal says it.
    mutationFn: async () => {
      await api.call(SupportRequest.SendLivenessIssueEmail, {
        userInfo: { name: String(row.Name15 ?? ''), email: String(row.EmailAddrs15 ?? '') },
      });
    },
    onSuccess: () => setIssueSent(true),
  });
  const closeAndGo = (to: string) => {
    setIssueSent(false);
    void navigate(to);
  };
  return (
    <>
      {shown ? (
        <Stack gap="sm">
          <Divider label={t('common.or')} labelPosition="center" />
          <Text size="sm" c="dimmed">
            {message(ISSUE_NOTE)}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" loading={issue.isPending} onClick={() => issue.mutate()}>
              {t('kyc.liveness.issue')}
            </Button>
          </Group>
        </Stack>
      ) : null}
      <Modal
        opened={issueSent}
        onClose={() => setIssueSent(false)}
        title={t('kyc.liveness.issueSent')}
        centered
      >
        <Stack>
          <Text>{message(ISSUE_MESSAGE)}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => closeAndGo('/liveness')}>
              {t('common.cancel')}
            </Button>
            <Button onClick={() => closeAndGo('/disclosures')}>{t('common.confirm')}</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
