import fs from 'node:fs/promises';
import path from 'node:path';

export interface SmsMessage {
  /** A Taiwanese mobile number, 09 and eight digits. */
  to: string;
  text: string;
}

/** Sends the site's text messages (sign-up codes for mobile-number login ids today). */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

/**
 * The SMS sender the config asks for. With SMS_URL, each message is POSTed there as JSON
 * `{"to": "0912345678", "text": "…"}` (a provider's HTTP API, or a small relay in front of
 * one); any reply but 2xx is an error. Without it (the default), the development outbox: one
 * `.txt` file per message in SMS_OUTBOX_DIR (README "E-mail and SMS"), its first line `To: …`,
 * then a blank line and the text.
 */
export function smsSenderFor(options: {
  smsUrl?: string | undefined;
  outboxDir: string;
}): SmsSender {
  const { smsUrl } = options;
  if (smsUrl) {
    return {
      async send(message) {
        const res = await fetch(smsUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(message),
          signal: AbortSignal.timeout(10_000),
        });
        if (!res.ok) throw new Error(`SMS provider answered ${res.status}`);
      },
    };
  }
  return {
    async send(message) {
      await fs.mkdir(options.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.txt`;
      await fs.writeFile(
        path.join(options.outboxDir, name),
        `To: ${message.to}\n\n${message.text}\n`,
        'utf8',
      );
    },
  };
}
