import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/**
 * Where a test app's messages arrive: useTestApp points MAIL_OUTBOX_DIR and SMS_OUTBOX_DIR at
 * directories of the test file's own; a file that runs an SMTP server passes its own reader.
 */
export interface TestMailbox {
  /** The text of the last e-mail to `to`, or undefined. */
  lastMail(to: string): Promise<string | undefined>;
  /** The text of the last SMS to `to`, or undefined. */
  lastSms(to: string): Promise<string | undefined>;
}

const mailboxes = new WeakMap<FastifyInstance, TestMailbox>();

export function setMailbox(app: FastifyInstance, mailbox: TestMailbox): void {
  mailboxes.set(app, mailbox);
}

export function mailboxOf(app: FastifyInstance): TestMailbox {
  const mailbox = mailboxes.get(app);
  if (!mailbox) throw new Error('no mailbox: build the app with useTestApp');
  return mailbox;
}

/** The text of a one-part message as nodemailer writes it (base64 or quoted-printable). */
export function textOf(raw: string): string {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/content-transfer-encoding: base64/i.test(head))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/content-transfer-encoding: quoted-printable/i.test(head))
    return Buffer.from(
      body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  return body;
}

/** The last file in `dir` (the outboxes name files by time) whose `To:` line is `to`. */
async function lastFileTo(dir: string, to: string): Promise<string | undefined> {
  let names: string[];
  try {
    names = (await fs.readdir(dir)).sort();
  } catch {
    return undefined;
  }
  const wanted = new RegExp(`^To: ${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'mi');
  for (const name of names.reverse()) {
    const raw = await fs.readFile(path.join(dir, name), 'utf8');
    const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
    if (wanted.test(head)) return raw;
  }
  return undefined;
}

/** Reads the development outboxes (the default when SMTP_URL and SMS_URL are unset). */
export function outboxMailbox(mailDir: string, smsDir: string): TestMailbox {
  return {
    async lastMail(to) {
      const raw = await lastFileTo(mailDir, to);
      return raw === undefined ? undefined : textOf(raw);
    },
    async lastSms(to) {
      const raw = await lastFileTo(smsDir, to);
      return raw?.split(/\n\n/).slice(1).join('\n\n');
    },
  };
}

/** The sign-up link's token in a message's text. */
export function signUpTokenIn(text: string): string | undefined {
  return /\/confirm-sign-up\?token=([\w-]{43})/.exec(text)?.[1];
}

/** The 6-digit code of a sign-up SMS. */
export function signUpCodeIn(text: string): string | undefined {
  return /驗證碼為 (\d{6})/.exec(text)?.[1];
}
