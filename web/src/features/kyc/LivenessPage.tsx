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

const TITLE = 'Step 3 of 4: Liveness Test';

export function LivenessPage() {
  const person = usePersonRecord();
  if (person.isPending) return <KycSpinner />;
  if (person.isError) return <KycPage title={TITLE}>Your record could not be loaded.</KycPage>;
  const state = personState(person.data);
  if (!state) return <Navigate to="/personal-detail" replace />;
  // Liveness already done goes to the status page (spec 002 section 5, onboarding flow). The
  // record is re-read only on Continue, so a pass here shows PASSED first.
  if (state.liveness === 'Y') return <Navigate to="/kyc-status" replace />;
  return <LivenessWidget row={person.data} />;
}

function LivenessWidget({ row }: { row: KycRow }) {
  const navigate = useNavigate();
  const invalidate = useInvalidatePerson();
  const test = useLivenessTest(row.PicMed15);
  const { status, starting } = test;
  const actions = livenessActions(status, starting);
  return (
    <KycPage title={TITLE} subtitle="Just for us to make sure you are not a robot" size="md">
      <List size="sm" spacing={4}>
        <List.Item>Find a place with good lighting.</List.Item>
        <List.Item>Keep your face clearly visible in the camera.</List.Item>
        <List.Item>Do not wear a cap, hat, glasses, sunglasses or a face mask.</List.Item>
      </List>

      <CameraView videoRef={test.videoRef} cameraOn={test.cameraOn} />
      <LivenessResult selfie={test.selfie} status={status} data={test.data} sessionId={test.sessionId} />

      <Group justify="flex-end">
        {actions.showStart ? (
          <Button onClick={() => void test.start()} disabled={actions.startDisabled} loading={starting}>
            Start Liveness Test
          </Button>
        ) : null}
        {actions.showContinue ? (
          <Button onClick={() => void invalidate().then(() => navigate('/disclosures'))}>Continue</Button>
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
  return (
    <video
      ref={videoRef}
      aria-label="Camera"
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
  const looking = status === LIVENESS_STATUS.ready;
  const guidance = livenessGuidance(status, looking ? data : '');
  return (
    <>
      <Group align="flex-start" wrap="nowrap" gap="lg">
        {selfie ? (
          <Image
            src={selfie}
            alt="Selfie"
            w={PREVIEW_SIZE}
            h={PREVIEW_SIZE}
            radius="sm"
            fit="cover"
            style={{ flex: 'none' }}
          />
        ) : null}
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text data-testid="liveness-status">
            Status: <b>{status || 'Not started'}</b>
          </Text>
          {sessionId ? (
            <Text size="sm" data-testid="liveness-session" style={{ overflowWrap: 'anywhere' }}>
              Session ID: {sessionId}{' '}
              <Text span size="xs" c="dimmed">
                (quote it if you contact support about this test)
              </Text>
            </Text>
          ) : null}
          {data && !looking ? (
            <Text size="sm" data-testid="liveness-data" style={{ overflowWrap: 'anywhere' }}>
              Details: {data}
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
            {guidance.text}
          </Text>
          <Text size="sm">{guidance.next}</Text>
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
          <Divider label="OR" labelPosition="center" />
          <Text size="sm" c="dimmed">
            {ISSUE_NOTE}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" loading={issue.isPending} onClick={() => issue.mutate()}>
              I have an issue
            </Button>
          </Group>
        </Stack>
      ) : null}
      <Modal
        opened={issueSent}
        onClose={() => setIssueSent(false)}
        title="Liveness Test Issue Email Sent"
        centered
      >
        <Stack>
          <Text>{ISSUE_MESSAGE}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => closeAndGo('/liveness')}>
              Cancel
            </Button>
            <Button onClick={() => closeAndGo('/disclosures')}>Confirm</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
