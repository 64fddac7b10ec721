// New-build check: poll /version.json; when the server's build id differs from the one this
// page was built with, tell the user and reload (spec 002 section 8, 'Bundle update alert').
import { authMessages, VERSION_PATH, versionFile } from '@payd/schemas';

export const VERSION_POLL_MS = 60_000;
const RELOADED_FOR_KEY = 'payd.reloadedFor';

/** True when the served build differs from the running one (and we have not reloaded for it yet). */
export function isNewBuild(running: string, served: string, alreadyReloadedFor: string | null): boolean {
  return Boolean(served) && served !== running && served !== alreadyReloadedFor;
}

export function startVersionCheck(running: string, intervalMs = VERSION_POLL_MS): () => void {
  let stopped = false;
  async function check() {
    try {
      const res = await fetch(VERSION_PATH, { cache: 'no-store' });
      if (!res.ok) return;
      const parsed = versionFile.safeParse(await res.json());
      if (!parsed.success || stopped) return;
      const served = parsed.data.buildId;
      if (isNewBuild(running, served, sessionStorage.getItem(RELOADED_FOR_KEY))) {
        stopped = true;
        sessionStorage.setItem(RELOADED_FOR_KEY, served);
        window.alert(authMessages.newVersion);
        window.location.reload();
      }
    } catch {
      // Offline or server restarting: try again at the next tick.
    }
  }
  const timer = window.setInterval(() => void check(), intervalMs);
  const onVisible = () => document.visibilityState === 'visible' && void check();
  document.addEventListener('visibilitychange', onVisible);
  void check();
  return () => {
    stopped = true;
    window.clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
