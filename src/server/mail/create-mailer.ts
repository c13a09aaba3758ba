import path from 'node:path';
import type { AppConfig } from '../config.js';
import type { Mailer, ReadableMailer } from './mailer.js';
import { createOutboxMailer } from './outbox-mailer.js';

export async function createMailer(config: AppConfig): Promise<Mailer | ReadableMailer> {
  if (config.mail.kind === 'smtp') {
    // nodemailer is loaded only where SMTP is configured (ADR 056).
    const { createSmtpMailer } = await import('./smtp-mailer.js');
    return createSmtpMailer(config.mail.url, config.mailFrom);
  }
  return createOutboxMailer(path.join(config.dataDir, 'outbox'), undefined, {
    // Production refuses to start without SMTP_URL; should an outbox ever serve it, its
    // log lines still carry no token.
    showLinks: config.env !== 'production',
  });
}

export function isReadable(mailer: Mailer): mailer is ReadableMailer {
  return typeof (mailer as Partial<ReadableMailer>).list === 'function';
}
