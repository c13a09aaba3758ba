import type { FastifyInstance } from 'fastify';
import type { ReadableMailer } from './mailer.js';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** Development-only outbox viewer: never registered in production. */
export async function devMailRoutes(app: FastifyInstance, { mailer }: { mailer: ReadableMailer }) {
  app.get('/api/dev/mail', async () => ({ mails: await mailer.list() }));

  app.get('/dev/mail', async (_request, reply) => {
    const mails = await mailer.list();
    const rows = mails
      .map(
        (mail) => `<article><h2>${escapeHtml(mail.subject)}</h2>
<p class="meta">To ${escapeHtml(mail.to)} · ${escapeHtml(new Date(mail.sentAt).toLocaleString('en-US'))}</p>
<pre>${escapeHtml(mail.text)}</pre>
<p><a href="${escapeHtml(mail.actionUrl)}">${escapeHtml(mail.actionUrl)}</a></p></article>`,
      )
      .join('\n');
    return reply.type('text/html; charset=utf-8').send(`<!doctype html><html lang="en"><head>
<meta charset="utf-8"><title>Listsmith outbox (development)</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:32px auto;padding:0 16px;color:#1f2937}
.banner{background:#fef3c7;border:1px solid #f59e0b;padding:8px 12px;border-radius:8px}
article{border:1px solid #e5e7eb;border-radius:12px;padding:4px 16px;margin:16px 0}
.meta{color:#6b7280;font-size:13px}pre{white-space:pre-wrap;font-family:inherit}</style></head><body>
<h1>Outbox</h1><p class="banner">Development only: mails Listsmith would have sent. Newest first.</p>
${rows || '<p>No mail yet.</p>'}</body></html>`);
  });
}
