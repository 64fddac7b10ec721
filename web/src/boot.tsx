// The app proper, loaded by main.tsx once zod is set up for the Content-Security-Policy: fetch and
// type-check /config.json and load the language, then mount the providers and the router.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { createRoot } from 'react-dom/client';
import { App, ConfigFailure } from './app/App.tsx';
import { loadConfig } from './shell/config.ts';
import { activateLanguage, initialLanguage } from './i18n/language.ts';

const root = createRoot(document.getElementById('root')!);
// The language's catalogue comes beside /config.json, before the first page shows; a failure is
// shown once the catalogue has loaded (or failed too), in its language when it could.
const language = activateLanguage(initialLanguage());
Promise.all([loadConfig(), language]).then(
  ([config]) => root.render(<App config={config} />),
  async (error: Error) => {
    await language.catch(() => undefined);
    root.render(<ConfigFailure error={error} />);
  },
);
