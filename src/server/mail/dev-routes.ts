/**
 * The development outbox viewer: never registered in production, nor when the server listens
 * on anything but a loopback address. It shows a signed-in user their own mail only: anyone
 * could otherwise ask for a password reset for any address and read the link here. A new user,
 * who cannot sign in before confirming, finds the link on the server's standard output, where
 * the outbox prints every mail's link on one line.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ReadableMailer, StoredMail } from './mailer.js';

export const ANONYMOUS_OUTBOX_NOTE =
  "Links in mails (confirmation, password reset) are printed on the server's standard output, one line each. Sign in to see your own mail here.";

/** Addresses only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare);
}

export interface DevMailRouteDeps {
  mailer: ReadableMailer;
  /** The signed-in user's address, or null for an anonymous visitor. */
  signedInEmail: (request: FastifyRequest) => Promise<string | null>;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function mailHtml(mail: StoredMail): string {
  return `<article><h2>${escapeHtml(mail.subject)}</h2>
<p class="meta">To ${escapeHtml(mail.to)} · ${escapeHtml(new Date(mail.sentAt).toLocaleString('en-US'))}</p>
<pre>${escapeHtml(mail.text)}</pre>
<p><a href="${escapeHtml(mail.actionUrl)}">${escapeHtml(mail.actionUrl)}</a></p></article>`;
}

export async function devMailRoutes(app: FastifyInstance, deps: DevMailRouteDeps) {
  /** The mails the requester may read: their own when signed in, none otherwise. */
  async function visibleMails(request: FastifyRequest): Promise<StoredMail[] | null> {
    const email = await deps.signedInEmail(request);
    if (!email) return null;
    const own = email.toLowerCase();
    return (await deps.mailer.list()).filter((mail) => mail.to.toLowerCase() === own);
  }

  app.get('/api/dev/mail', async (request) => {
    const mails = await visibleMails(request);
    return mails ? { mails } : { mails: [], note: ANONYMOUS_OUTBOX_NOTE };
  });

  app.get('/dev/mail', async (request, reply) => {
    const mails = await visibleMails(request);
    const body = mails
      ? mails.map(mailHtml).join('\n') || '<p>No mail to you yet.</p>'
      : `<p>${escapeHtml(ANONYMOUS_OUTBOX_NOTE)}</p>`;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store')
      .send(`<!doctype html><html lang="en"><head>
<meta charset="utf-8"><title>Listsmith outbox (development)</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:32px auto;padding:0 16px;color:#1f2937}
.banner{background:#fef3c7;border:1px solid #f59e0b;padding:8px 12px;border-radius:8px}
article{border:1px solid #e5e7eb;border-radius:12px;padding:4px 16px;margin:16px 0}
.meta{color:#6b7280;font-size:13px}pre{white-space:pre-wrap;font-family:inherit}</style></head><body>
<h1>Outbox</h1><p class="banner">Development only: mails Listsmith would have sent you. Newest first.</p>
${body}</body></html>`);
  });
}
