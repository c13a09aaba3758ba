import type { OutgoingMail } from './mailer.js';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function actionMail(
  to: string,
  subject: string,
  intro: string,
  button: string,
  actionUrl: string,
  outro: string,
): OutgoingMail {
  const text = `${intro}\n\n${button}: ${actionUrl}\n\n${outro}\n\n— Listsmith`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937;max-width:520px;margin:auto;padding:24px">
<h1 style="font-size:20px">Listsmith</h1>
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(actionUrl)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escapeHtml(button)}</a></p>
<p style="font-size:13px;color:#6b7280">${escapeHtml(outro)}</p>
</body></html>`;
  return { to, subject, text, html, actionUrl };
}

export function confirmationMail(to: string, actionUrl: string): OutgoingMail {
  return actionMail(
    to,
    'Confirm your Listsmith account',
    'Welcome to Listsmith! Confirm your email address to finish creating your account.',
    'Confirm email',
    actionUrl,
    'If you did not sign up for Listsmith, you can ignore this mail.',
  );
}

export function passwordResetMail(to: string, actionUrl: string): OutgoingMail {
  return actionMail(
    to,
    'Reset your Listsmith password',
    'We received a request to reset the password of your Listsmith account.',
    'Choose a new password',
    actionUrl,
    'The link works once and expires in one hour. If you did not ask for it, ignore this mail.',
  );
}

/** Sent instead of an error when someone signs up with an address that has an account already. */
export function existingAccountMail(to: string, actionUrl: string): OutgoingMail {
  return actionMail(
    to,
    'You already have a Listsmith account',
    'Someone, probably you, tried to create a Listsmith account with this email address. You already have one: sign in, or reset your password if you forgot it.',
    'Sign in',
    actionUrl,
    'If this was not you, you can ignore this mail; your account is unchanged.',
  );
}
