// The dev mailbox page: the mails the embedded SMTP sink received, newest first.
function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function mailboxPage(
  list: { id: number; mailTo: string; subject: string; textBody: string; receivedAt: Date }[],
): string {
  const items = list
    .map(
      (m) => `<article data-mail-id="${m.id}">
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">To: <span class="to">${escapeHtml(m.mailTo)}</span> · ${m.receivedAt.toISOString()}</p>
  <pre>${escapeHtml(m.textBody)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>payd dev mailbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}
article{border:1px solid #ccc;border-radius:6px;padding:0 1rem;margin:1rem 0}.meta{color:#555}
pre{white-space:pre-wrap}</style></head>
<body><h1>payd dev mailbox</h1>
<p>Mails the embedded SMTP sink received, newest first. Filter with <code>?to=address</code>.</p>
${items || '<p>No mail yet.</p>'}
</body></html>`;
}
