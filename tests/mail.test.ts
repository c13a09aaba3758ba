import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OutgoingMail, StoredMail } from '#server/mail/mailer.js';
import { ANONYMOUS_OUTBOX_NOTE, isLoopbackHost } from '#server/mail/dev-routes.js';
import { createOutboxMailer } from '#server/mail/outbox-mailer.js';
import { createSmtpMailer } from '#server/mail/smtp-mailer.js';
import { confirmationMail, passwordResetMail } from '#server/mail/templates.js';
import {
  APP_URL,
  SUBJECTS,
  startTestApp,
  removeTempDirs,
  tempDir,
  tokenOf,
  uniqueEmail,
  type TestApp,
} from './support/harness.js';
import { bodyOf, startSmtpServer, subjectOf, type TestSmtpServer } from './support/smtp.js';

const ACTION_URL = `${APP_URL}/auth/callback?token=eyJhbGciOiJIUzI1NiJ9.payload-that-is-quite-long-so-that-mime-encoders-wrap-it-somewhere.signature_-0123456789`;

// Web roots and outbox folders made directly by this file (apps remove their own).
afterAll(removeTempDirs);

describe('outbox mailer', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stores each mail as a private JSON file and prints exactly one line with the link', async () => {
    const dir = path.join(await tempDir(), 'outbox');
    const printed: string[] = [];
    const mailer = createOutboxMailer(dir, (line) => printed.push(line), { showLinks: true });
    const mail = confirmationMail('ada@example.com', ACTION_URL);
    await mailer.send(mail);

    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain(ACTION_URL);
    expect(printed[0]).toContain('ada@example.com');
    expect(printed[0]).not.toContain('\n');

    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.json$/);
    const file = path.join(dir, files[0]!);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const stored = JSON.parse(await readFile(file, 'utf8')) as StoredMail;
    expect(stored).toMatchObject(mail);
    expect(stored.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number.isNaN(Date.parse(stored.sentAt))).toBe(false);
  });

  it('prints the link without its token unless told to show links (development and test)', async () => {
    const dir = path.join(await tempDir(), 'outbox');
    const printed: string[] = [];
    const mailer = createOutboxMailer(dir, (line) => printed.push(line));
    await mailer.send(passwordResetMail('cy@example.com', ACTION_URL));
    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain('cy@example.com');
    expect(printed[0]).not.toContain(tokenOf({ actionUrl: ACTION_URL } as StoredMail));
    expect(printed[0]).not.toContain('token=');
    // The mail itself is kept whole, readable only by the server's user.
    expect((await mailer.list())[0]!.actionUrl).toBe(ACTION_URL);
  });

  it('prints to standard output when no print function is given', async () => {
    const dir = path.join(await tempDir(), 'outbox');
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      await createOutboxMailer(dir, undefined, { showLinks: true }).send(
        passwordResetMail('bo@example.com', ACTION_URL),
      );
      const lines = write.mock.calls.map(([chunk]) => String(chunk));
      const mine = lines.filter((line) => line.includes(ACTION_URL));
      expect(mine).toHaveLength(1);
      expect(mine[0]!.endsWith('\n')).toBe(true);
    } finally {
      write.mockRestore();
    }
  });

  it('lists newest first, ignores other files and copes with a missing folder', async () => {
    const dir = path.join(await tempDir(), 'outbox');
    const mailer = createOutboxMailer(dir, () => {});
    expect(await mailer.list()).toEqual([]);

    vi.useFakeTimers({ toFake: ['Date'] });
    const subjects = ['first', 'second', 'third'];
    for (const [i, subject] of subjects.entries()) {
      vi.setSystemTime(new Date(Date.UTC(2026, 0, 1, 12, 0, i)));
      const mail: OutgoingMail = {
        to: 'c@example.com',
        subject,
        text: subject,
        html: `<p>${subject}</p>`,
        actionUrl: `${APP_URL}/${subject}`,
      };
      await mailer.send(mail);
    }
    vi.useRealTimers();
    await writeFile(path.join(dir, 'notes.txt'), 'not a mail');

    const listed = await mailer.list();
    expect(listed.map((m) => m.subject)).toEqual(['third', 'second', 'first']);
    expect(listed[0]!.sentAt).toBe('2026-01-01T12:00:02.000Z');
  });
});

describe('SMTP mailer against a real SMTP server', () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it('delivers the mail with sender, recipient, subject and the action link', async () => {
    const mailer = createSmtpMailer(smtp.url, 'Listsmith <no-reply@listsmith.test>');
    try {
      const before = smtp.received.length;
      await mailer.send(confirmationMail('dee@example.com', ACTION_URL));
      const [received] = (await smtp.waitFor(before + 1)).slice(before);
      expect(received!.from).toBe('no-reply@listsmith.test');
      expect(received!.to).toEqual(['dee@example.com']);
      expect(subjectOf(received!.raw)).toBe(SUBJECTS.confirm);
      const body = bodyOf(received!.raw);
      expect(body).toContain(ACTION_URL);
      expect(body).toContain(`href="${ACTION_URL}"`); // the HTML part as well
    } finally {
      mailer.close();
    }
  });

  it('reports a failed delivery to the caller', async () => {
    const mailer = createSmtpMailer('smtp://127.0.0.1:1', 'Listsmith <no-reply@listsmith.test>');
    try {
      await expect(mailer.send(confirmationMail('e@example.com', ACTION_URL))).rejects.toThrow();
    } finally {
      mailer.close();
    }
  });
});

describe('sign-up through the app with SMTP_URL', () => {
  let smtp: TestSmtpServer;
  let h: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    h = await startTestApp({
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Listsmith <hello@listsmith.test>' },
      mailer: 'from-config',
    });
  });
  afterAll(async () => {
    await h?.close();
    await smtp?.close();
  });

  it('sends the confirmation over SMTP, and its link confirms the account', async () => {
    const client = h.client();
    const email = uniqueEmail('smtp');
    const before = smtp.received.length;
    expect((await client.signUp(email)).statusCode).toBe(200);

    const [received] = (await smtp.waitFor(before + 1)).slice(before);
    expect(received!.to).toEqual([email]);
    expect(received!.from).toBe('hello@listsmith.test');
    expect(subjectOf(received!.raw)).toBe(SUBJECTS.confirm);
    const link = new RegExp(`${APP_URL}/auth/callback\\?token=[A-Za-z0-9._%-]+`).exec(
      bodyOf(received!.raw),
    );
    expect(link).not.toBeNull();

    // Nothing went to the outbox, and the outbox viewer is not offered for an SMTP mailer.
    expect(await h.outbox.list()).toHaveLength(0);
    expect((await client.request({ url: '/api/dev/mail' })).statusCode).toBe(404);

    const token = new URL(link![0]).searchParams.get('token')!;
    expect((await client.verifyEmail(token)).statusCode).toBe(200);
    expect(Boolean((await h.userByEmail(email))!.emailVerified)).toBe(true);
    expect((await client.signIn(email)).statusCode).toBe(200);
  });
});

describe('development outbox routes', () => {
  let h: TestApp;
  beforeAll(async () => {
    h = await startTestApp();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('show a signed-in user their own mails, as JSON and as an escaped HTML page', async () => {
    const client = h.client();
    const { email, cookie } = await client.register(uniqueEmail('dev'));
    const other = await h.client().register(uniqueEmail('other'));
    const mail = await h.lastMailTo(email, SUBJECTS.confirm);

    const json = await client.request({ url: '/api/dev/mail', cookie });
    expect(json.statusCode).toBe(200);
    const { mails } = json.json() as { mails: StoredMail[] };
    expect(mails).toEqual([mail]);

    const page = await client.request({
      url: '/dev/mail',
      headers: { accept: 'text/html' },
      cookie,
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Outbox');
    expect(page.body).toContain(SUBJECTS.confirm);
    expect(page.body).toContain(email);
    expect(page.body).toContain(`href="${mail.actionUrl}"`);
    expect(page.body).not.toContain(other.email);
  });

  it('show an anonymous visitor no mail, only where the links are', async () => {
    const client = h.client();
    const email = uniqueEmail('new');
    await client.signUp(email);
    const mail = await h.lastMailTo(email, SUBJECTS.confirm);
    // The README's way for a brand-new user: the link on the server's standard output.
    expect(h.printed).toContain(`[mail] ${SUBJECTS.confirm} → ${email}: ${mail.actionUrl}`);

    const json = await client.request({ url: '/api/dev/mail' });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toEqual({ mails: [], note: ANONYMOUS_OUTBOX_NOTE });
    const page = await client.request({ url: '/dev/mail', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('standard output');
    expect(page.body).not.toContain(email);
    expect(page.body).not.toContain(tokenOf(mail));
  });

  it('do not let a visitor take over an account through a password reset', async () => {
    const victim = await h.client().register(uniqueEmail('victim'));
    const attacker = h.client();
    expect((await attacker.requestPasswordReset(victim.email)).statusCode).toBe(200);
    const reset = await h.lastMailTo(victim.email, SUBJECTS.reset);

    const anonymous = await attacker.request({ url: '/api/dev/mail' });
    expect(anonymous.body).not.toContain(tokenOf(reset));
    const anonymousPage = await attacker.request({ url: '/dev/mail' });
    expect(anonymousPage.body).not.toContain(tokenOf(reset));

    // Signed in as themselves, the attacker still sees only their own mail.
    const own = await attacker.register(uniqueEmail('attacker'));
    const signedIn = await attacker.request({ url: '/api/dev/mail', cookie: own.cookie });
    const { mails } = signedIn.json() as { mails: StoredMail[] };
    expect(mails.length).toBeGreaterThan(0);
    expect(mails.every((m) => m.to === own.email)).toBe(true);
    const signedInPage = await attacker.request({ url: '/dev/mail', cookie: own.cookie });
    expect(signedInPage.body).not.toContain(tokenOf(reset));
    expect(signedInPage.body).not.toContain(victim.email);
  });

  it('escapes what a user typed when showing it', async () => {
    const { email, cookie } = await h.client().register(uniqueEmail('escape'));
    const dir = path.join(h.dataDir, 'outbox');
    await createOutboxMailer(dir, () => {}).send({
      to: email,
      subject: '<script>alert(1)</script>',
      text: '<img src=x onerror=alert(2)>',
      html: '',
      actionUrl: `${APP_URL}/"><script>alert(3)</script>`,
    });
    const page = await h.client().request({ url: '/dev/mail', cookie });
    expect(page.body).toContain('&#60;script&#62;alert(1)');
    expect(page.body).not.toContain('<script>alert');
    expect(page.body).not.toContain('<img src=x');
  });

  it('know which hosts are loopback', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1', '[::1]', '127.0.1.1', 'LOCALHOST']) {
      expect(isLoopbackHost(host)).toBe(true);
    }
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'example.com', '127.0.0.1.nip.io']) {
      expect(isLoopbackHost(host)).toBe(false);
    }
  });

  it('are not registered when the server listens beyond this machine', async () => {
    const open = await startTestApp({ env: { NODE_ENV: 'development', HOST: '0.0.0.0' } });
    try {
      const client = open.client();
      const { cookie } = await client.register(uniqueEmail('lan'));
      expect((await client.request({ url: '/api/dev/mail', cookie })).statusCode).toBe(404);
      expect((await client.request({ url: '/dev/mail', cookie })).statusCode).toBe(404);
    } finally {
      await open.close();
    }
  });

  it('are registered in development too', async () => {
    const dev = await startTestApp({ env: { NODE_ENV: 'development' } });
    try {
      expect((await dev.client().request({ url: '/api/dev/mail' })).statusCode).toBe(200);
      expect((await dev.client().request({ url: '/dev/mail' })).statusCode).toBe(200);
    } finally {
      await dev.close();
    }
  });

  it('are not registered in production', async () => {
    const webRoot = await tempDir('listsmith-web-');
    await writeFile(
      path.join(webRoot, 'index.html'),
      '<!doctype html><head><title>SPA</title></head>',
    );
    // The harness still hands it an outbox to read; production itself requires SMTP_URL.
    const prod = await startTestApp({
      env: { NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:1' },
      webRoot,
    });
    try {
      const client = prod.client();
      const email = uniqueEmail('prod');
      expect((await client.signUp(email)).statusCode).toBe(200);
      expect(await prod.mailsTo(email)).toHaveLength(1); // the outbox did receive a mail

      const json = await client.request({ url: '/api/dev/mail' });
      expect(json.statusCode).toBe(404);
      expect(json.json()).toEqual({ error: 'Not found' });

      const page = await client.request({ url: '/dev/mail', headers: { accept: 'text/html' } });
      expect(page.body).toContain('<title>SPA</title>'); // the SPA, not the outbox
      expect(page.body).not.toContain(email);
      expect((await client.request({ url: '/dev/mail' })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
