// /liveness: 'Step 3 of 4: Liveness Test' (spec 002 section 4). The embedded widget opens a
// CynopsisWs session, looks for a single live face with the camera (1280x720, facing the user),
// and sends that frame; the server checks it again and alone sets LivenessPassed15 (PASSED) and
// stores the selfie. FAILED or ERROR offer 'I have an issue' (SupportRequestWs
// SendLivenessIssueEmail) and its modal. The person reads whether they passed and what to do next;
// the scores and the session id are for reviewers (the back office's KYC screen).
import { Alert, Button, Divider, Group, Image, List, Modal, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useApi } from '../../auth/session.tsx';
import { KycPage, KycSpinner } from './KycShell.tsx';
import { useInvalidatePerson, usePersonRecord, type KycRow } from './kycApi.ts';
import { personState } from './kycStatus.ts';
import {
  DEFAULT_RULES,
  ISSUE_MESSAGE,
  ISSUE_NOTE,
  LIVENESS_STATUS,
  PREVIEW_SIZE,
  SCAN_MS,
  livenessActions,
  livenessGuidance,
  startErrorText,
  type LivenessStatus,
  type ServerRules,
} from './livenessRules.ts';

const TITLE = 'Step 3 of 4: Liveness Test';

interface AccessToken {
  access_token: string;
  sessionId: string;
  serviceBaseUrl: string;
  rules?: ServerRules;
}
interface Outcome {
  status: 'PASSED' | 'FAILED';
  sessionId: string;
  data?: { faces?: number; reason?: string };
}

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
  const api = useApi();
  const navigate = useNavigate();
  const invalidate = useInvalidatePerson();
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const cancelledRef = useRef(false);
  const [status, setStatus] = useState<LivenessStatus>('');
  // The reason or hint shown with the status (never a score: reviewers see those).
  const [data, setData] = useState('');
  const [selfie, setSelfie] = useState(() => storedSelfie(row.PicMed15));
  const [starting, setStarting] = useState(false);
  const [cameraOn, setCameraOn] = useState(false);
  const [issueSent, setIssueSent] = useState(false);

  useEffect(() => {
    cancelledRef.current = false;
    return () => {
      cancelledRef.current = true;
      void import('./livenessEngine.ts').then((e) => e.stopCamera(streamRef.current));
    };
  }, []);

  async function start() {
    setStarting(true);
    setStatus(LIVENESS_STATUS.initializing);
    setData('');
    try {
      const token = (await api.call<AccessToken>('Cynopsis', 'GetAccessToken', {})).data!;
      const engine = await import('./livenessEngine.ts');
      const human = await engine.loadHuman(token.serviceBaseUrl);
      setCameraOn(true);
      streamRef.current = await engine.startCamera(videoRef.current!);
      setStatus(LIVENESS_STATUS.ready);
      setData('Look straight at the camera.');
      const shot = await engine.scanForFace(
        human,
        videoRef.current!,
        token.rules ?? DEFAULT_RULES,
        Date.now() + SCAN_MS,
        setData,
        () => cancelledRef.current,
      );
      engine.stopCamera(streamRef.current);
      setCameraOn(false);
      if (cancelledRef.current) return;
      if (!shot) {
        setStatus(LIVENESS_STATUS.failed);
        setData((hint) => `No live face was recognised in time. ${hint}`.trim());
        return;
      }
      setSelfie(shot.preview);
      const outcome = (
        await api.call<Outcome>('Cynopsis', 'CompleteLiveness', {
          sessionId: token.sessionId,
          accessToken: token.access_token,
          selfie: { mimeType: 'image/jpeg', base64: shot.base64 },
        })
      ).data!;
      setStatus(outcome.status === 'PASSED' ? LIVENESS_STATUS.passed : LIVENESS_STATUS.failed);
      setData(outcome.status === 'PASSED' ? '' : (outcome.data?.reason ?? ''));
    } catch (error) {
      import('./livenessEngine.ts').then(
        (e) => e.stopCamera(streamRef.current),
        () => undefined,
      );
      setCameraOn(false);
      setStatus(LIVENESS_STATUS.error);
      setData(startErrorText(error));
    } finally {
      setStarting(false);
    }
  }

  const issue = useMutation({
    // Resolves to nothing, so the reply's 'success' is not toasted: the modal says it.
    mutationFn: async () => {
      await api.call('SupportRequest', 'SendLivenessIssueEmail', {
        userInfo: { name: String(row.Name15 ?? ''), email: String(row.EmailAddrs15 ?? '') },
      });
    },
    onSuccess: () => setIssueSent(true),
  });

  const actions = livenessActions(status, starting);
  const guidance = livenessGuidance(status, data);
  return (
    <KycPage title={TITLE} subtitle="Just for us to make sure you are not a robot" size="md">
      <List size="sm" spacing={4}>
        <List.Item>Find a place with good lighting.</List.Item>
        <List.Item>Keep your face clearly visible in the camera.</List.Item>
        <List.Item>Do not wear a cap, hat, glasses, sunglasses or a face mask.</List.Item>
      </List>

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
        </Stack>
      </Group>

      {guidance ? (
        <Alert
          color={
            status === LIVENESS_STATUS.passed
              ? 'green'
              : status === LIVENESS_STATUS.failed || status === LIVENESS_STATUS.error
                ? 'red'
                : 'blue'
          }
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

      <Group justify="flex-end">
        {actions.showStart ? (
          <Button onClick={() => void start()} disabled={actions.startDisabled} loading={starting}>
            Start Liveness Test
          </Button>
        ) : null}
        {actions.showContinue ? (
          <Button onClick={() => void invalidate().then(() => navigate('/disclosures'))}>Continue</Button>
        ) : null}
      </Group>

      {actions.showIssue ? (
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
            <Button
              variant="default"
              onClick={() => {
                setIssueSent(false);
                void navigate('/liveness');
              }}
            >
              Cancel
            </Button>
            <Button
              onClick={() => {
                setIssueSent(false);
                void navigate('/disclosures');
              }}
            >
              Confirm
            </Button>
          </Group>
        </Stack>
      </Modal>
    </KycPage>
  );
}

/** The stored PicMed15 ({mimeType, base64} JSON) as an image URL, or ''. */
function storedSelfie(value: unknown): string {
  if (typeof value !== 'string' || !value) return '';
  try {
    const p = JSON.parse(value) as { mimeType?: unknown; base64?: unknown };
    return typeof p.mimeType === 'string' && typeof p.base64 === 'string'
      ? `data:${p.mimeType};base64,${p.base64}`
      : '';
  } catch {
    return '';
  }
}
