import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends the site's e-mail (password resets today). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * The mailer the config asks for: SMTP through nodemailer when SMTP_URL is set (e.g.
 * `smtp://user:pass@mail.example.com:587`, `smtps://…:465`); otherwise the development outbox,
 * one `.eml` file per message in MAIL_OUTBOX_DIR (README "E-mail"), so a reset link can be
 * followed without a mail server.
 */
export function mailerFor(options: {
  smtpUrl?: string | undefined;
  from: string;
  outboxDir: string;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  // The stream transport writes the same RFC 5322 message SMTP would carry.
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await fs.mkdir(options.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`;
      await fs.writeFile(path.join(options.outboxDir, name), info.message as Buffer);
    },
  };
}
