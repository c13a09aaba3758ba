import path from 'node:path';
import type { AppConfig } from '../config.js';
import type { Mailer, ReadableMailer } from './mailer.js';
import { createOutboxMailer } from './outbox-mailer.js';
import { createSmtpMailer } from './smtp-mailer.js';

export function createMailer(config: AppConfig): Mailer | ReadableMailer {
  return config.mail.kind === 'smtp'
    ? createSmtpMailer(config.mail.url, config.mailFrom)
    : createOutboxMailer(path.join(config.dataDir, 'outbox'), undefined, {
        // Production refuses to start without SMTP_URL; should an outbox ever serve it, its
        // log lines still carry no token.
        showLinks: config.env !== 'production',
      });
}

export function isReadable(mailer: Mailer): mailer is ReadableMailer {
  return typeof (mailer as Partial<ReadableMailer>).list === 'function';
}
