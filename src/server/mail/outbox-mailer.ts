import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { OutgoingMail, ReadableMailer, StoredMail } from './mailer.js';

/**
 * Embedded default: each mail is written to DATA_DIR/outbox as JSON and its action link is printed
 * on one line to standard output, so sign-up works on a laptop with no mail server.
 */
export function createOutboxMailer(
  dir: string,
  print: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): ReadableMailer {
  return {
    async send(mail: OutgoingMail) {
      await mkdir(dir, { recursive: true });
      const sentAt = new Date().toISOString();
      const stored: StoredMail = { ...mail, id: randomUUID(), sentAt };
      const fileName = `${sentAt.replace(/[:.]/g, '-')}-${stored.id}.json`;
      await writeFile(path.join(dir, fileName), JSON.stringify(stored, null, 2), { mode: 0o600 });
      print(`[mail] ${mail.subject} → ${mail.to}: ${mail.actionUrl}`);
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
