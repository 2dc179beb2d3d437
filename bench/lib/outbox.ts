import fs from 'node:fs';
import path from 'node:path';

/** The text of a single-part message as nodemailer writes it (base64 or quoted-printable). */
function mailText(eml: string): string {
  const split = eml.search(/\r?\n\r?\n/);
  const headers = eml.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = eml.slice(split).trim();
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable')
    return Buffer.from(
      body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  return body;
}

/**
 * Sign-up confirmation tokens from a server's mail outbox (MAIL_OUTBOX_DIR, docs/adr/0044), by
 * recipient; reads each file once, so signing many members up stays linear.
 */
export class SignUpLinks {
  readonly #seen = new Set<string>();
  readonly #tokens = new Map<string, string>();

  constructor(private readonly dir: string) {}

  /** The newest sign-up token mailed to `to`, or undefined. */
  tokenFor(to: string): string | undefined {
    const names = fs.existsSync(this.dir) ? fs.readdirSync(this.dir).sort() : [];
    for (const name of names) {
      if (this.#seen.has(name) || !name.endsWith('.eml')) continue;
      this.#seen.add(name);
      const raw = fs.readFileSync(path.join(this.dir, name), 'utf8');
      const recipient = /^To: (.+)$/im.exec(raw.slice(0, raw.search(/\r?\n\r?\n/)))?.[1]?.trim();
      const token = /\/confirm-sign-up\?token=([\w-]{43})/.exec(mailText(raw))?.[1];
      if (recipient && token) this.#tokens.set(recipient.toLowerCase(), token);
    }
    return this.#tokens.get(to.toLowerCase());
  }
}
