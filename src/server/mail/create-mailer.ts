import path from 'node:path';
import type { AppConfig } from '../config.js';
import type { Mailer, ReadableMailer } from './mailer.js';
import { createOutboxMailer } from './outbox-mailer.js';
import { createSmtpMailer } from './smtp-mailer.js';

export function createMailer(config: AppConfig): Mailer | ReadableMailer {
  return config.mail.kind === 'smtp'
    ? createSmtpMailer(config.mail.url, config.mailFrom)
    : createOutboxMailer(path.join(config.dataDir, 'outbox'));
}

export function isReadable(mailer: Mailer): mailer is ReadableMailer {
  return typeof (mailer as Partial<ReadableMailer>).list === 'function';
}
