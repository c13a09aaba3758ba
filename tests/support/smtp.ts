import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string | undefined;
  to: string[];
  /** The DATA stream as the client sent it (headers and MIME body). */
  raw: string;
}

export interface TestSmtpServer {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Resolves once `count` mails have arrived, or rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback, standing in for the mail provider. STARTTLS is switched off
 * because its built-in certificate is self-signed; the SMTP dialogue is otherwise the real one.
 */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const from = session.envelope.mailFrom;
        received.push({
          from: from === false ? undefined : from.address,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    async waitFor(count, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) {
          throw new Error(`expected ${count} mails, the SMTP server received ${received.length}`);
        }
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The message's subject header, with RFC 2047 encoded words decoded. */
export function subjectOf(raw: string): string {
  const headers = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const match = /^Subject: (.*(?:\r?\n[ \t].*)*)/im.exec(headers);
  const value = (match?.[1] ?? '').replace(/\r?\n[ \t]/g, ' ');
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_all, enc: string, text: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Decoded text of every part of a (possibly multipart) message, concatenated. */
export function bodyOf(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  return parts
    .map((part) => {
      const split = part.search(/\r?\n\r?\n/);
      if (split === -1) return '';
      const headers = part.slice(0, split);
      const body = part.slice(split).trim();
      if (/content-transfer-encoding:\s*base64/i.test(headers)) {
        return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
      }
      if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
        return decodeQuotedPrintable(body);
      }
      return body;
    })
    .join('\n');
}
