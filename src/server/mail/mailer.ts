/** A mail with one action the recipient is asked to take (confirm, reset). */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  actionUrl: string;
}

export interface StoredMail extends OutgoingMail {
  id: string;
  sentAt: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

/** Mailers that keep what they sent, so a developer can read it (the embedded default). */
export interface ReadableMailer extends Mailer {
  list(): Promise<StoredMail[]>;
}
