// The liveness test's run: a CynopsisWs session, the camera, the scan for one live face, and the
// frame sent to the server, which alone decides PASSED. The camera stops when the page is left.
import { useEffect, useRef, useState } from 'react';
import { Cynopsis } from '@payd/schemas';
import { useApi } from '../../shell/session/session.tsx';
import { LIVENESS_STATUS, SCAN_MS, startErrorText, storedSelfie } from './livenessRules.ts';
import type { LivenessStatus } from './livenessRules.ts';

/** `picMed` is the stored selfie (PicMed15), shown until a new one is taken. */
export function useLivenessTest(picMed: unknown) {
  const api = useApi();
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const cancelledRef = useRef(false);
  const [status, setStatus] = useState<LivenessStatus>('');
  // The reason or hint shown with the status (never a score: reviewers see those).
  const [data, setData] = useState('');
  // The session's id (spec 002 section 5): a reference the person can quote to support.
  const [sessionId, setSessionId] = useState('');
  const [selfie, setSelfie] = useState(() => storedSelfie(picMed));
  const [starting, setStarting] = useState(false);
  const [cameraOn, setCameraOn] = useState(false);

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
    setSessionId('');
    try {
      const token = (await api.call(Cynopsis.GetAccessToken, {})).data;
      setSessionId(token.sessionId);
      const engine = await import('./livenessEngine.ts');
      const human = await engine.loadHuman(token.serviceBaseUrl);
      setCameraOn(true);
      streamRef.current = await engine.startCamera(videoRef.current!);
      setStatus(LIVENESS_STATUS.ready);
      setData('Look straight at the camera.');
      const shot = await engine.scanForFace(
        human,
        videoRef.current!,
        token.rules,
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
        await api.call(Cynopsis.CompleteLiveness, {
          sessionId: token.sessionId,
          accessToken: token.access_token,
          selfie: { mimeType: 'image/jpeg', base64: shot.base64 },
        })
      ).data;
      setStatus(outcome.status === 'PASSED' ? LIVENESS_STATUS.passed : LIVENESS_STATUS.failed);
      setData(outcome.status === 'PASSED' ? '' : (outcome.data.reason ?? ''));
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

  return { videoRef, status, data, sessionId, selfie, starting, cameraOn, start };
}
