import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { OutgoingMail, ReadableMailer, StoredMail } from './mailer.js';

export interface OutboxOptions {
  /**
   * Print each mail's link whole, live token included (development and test: sign-up works on
   * a laptop with no mail server). Otherwise the line names the mail and its path only: a log
   * holding live reset and confirmation links would let its readers take over accounts.
   */
  showLinks?: boolean;
}

/** The link as a log may show it: no query string (the token) and no fragment. */
function withoutToken(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : `${url.slice(0, end)} (link in the outbox)`;
}

/**
 * Embedded default: each mail is written to DATA_DIR/outbox as JSON (readable by the server's
 * user only) and announced on one line to standard output.
 */
export function createOutboxMailer(
  dir: string,
  print: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
  { showLinks = false }: OutboxOptions = {},
): ReadableMailer {
  return {
    async send(mail: OutgoingMail) {
      await mkdir(dir, { recursive: true });
      const sentAt = new Date().toISOString();
      const stored: StoredMail = { ...mail, id: randomUUID(), sentAt };
      const fileName = `${sentAt.replace(/[:.]/g, '-')}-${stored.id}.json`;
      await writeFile(path.join(dir, fileName), JSON.stringify(stored, null, 2), { mode: 0o600 });
      const link = showLinks ? mail.actionUrl : withoutToken(mail.actionUrl);
      print(`[mail] ${mail.subject} → ${mail.to}: ${link}`);
    },
    async list() {
      let names: string[];
      try {
        names = await readdir(dir);
      } catch {
        return [];
      }
      const mails = await Promise.all(
        names
          .filter((name) => name.endsWith('.json'))
          .map(
            async (name) => JSON.parse(await readFile(path.join(dir, name), 'utf8')) as StoredMail,
          ),
      );
      return mails.sort((a, b) => b.sentAt.localeCompare(a.sentAt));
    },
  };
}
