import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mailerFor } from '../../src/modules/mail/mailer.js';

describe('the development outbox (no SMTP_URL)', () => {
  it('writes each message as an .eml file a mail program can open', async () => {
    const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
    const mailer = mailerFor({ from: '星河影音 <no-reply@localhost>', outboxDir });
    await mailer.send({ to: 'a@example.com', subject: '重設密碼', text: '連結 https://x.test/r' });
    const files = fs.readdirSync(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const raw = fs.readFileSync(path.join(outboxDir, files[0]!), 'utf8');
    expect(raw).toContain('To: a@example.com');
    expect(raw).toMatch(/Subject: =\?UTF-8\?/);
    fs.rmSync(outboxDir, { recursive: true });
  });
});
