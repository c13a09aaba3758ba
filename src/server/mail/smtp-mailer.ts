import nodemailer from 'nodemailer';
import type { Mailer, OutgoingMail } from './mailer.js';

/** Production adapter: any SMTP server, configured by one smtp:// or smtps:// URL. */
export function createSmtpMailer(url: string, from: string): Mailer & { close(): void } {
  const transport = nodemailer.createTransport(url);
  return {
    async send(mail: OutgoingMail) {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    },
    close() {
      transport.close();
    },
  };
}
