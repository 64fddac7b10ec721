// Installs Debian's chromium for the browser journeys when it is missing (CI machines start with
// only Node and npm). Uses sudo when not running as root and sudo is available.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (existsSync(CHROMIUM)) process.exit(0);

console.log(`e2e: ${CHROMIUM} is missing; installing Debian's chromium with apt-get`);
const asRoot = process.getuid?.() === 0;
const prefix = asRoot ? [] : ['sudo', '-n'];
const run = (args) => {
  const [cmd, ...rest] = [...prefix, ...args];
  execFileSync(cmd, rest, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
};
// Another installer (a parallel job) may hold apt's lock: flock waits for it when available.
const flock = existsSync('/usr/bin/flock') ? ['flock', '/tmp/apt.lock'] : [];
try {
  run([...flock, 'apt-get', 'update', '-qq']);
  run([...flock, 'apt-get', 'install', '-y', '-qq', 'chromium']);
} catch (error) {
  console.error(
    `e2e: could not install chromium (${error.message}); install it with: apt-get install chromium`,
  );
  process.exit(1);
}
if (!existsSync(CHROMIUM)) {
  console.error(`e2e: chromium was installed but ${CHROMIUM} does not exist`);
  process.exit(1);
}
