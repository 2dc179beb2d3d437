import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { smsSenderFor } from '../../src/modules/sms/sms-sender.js';

describe('the SMS sender (docs/adr/0044)', () => {
  it('without SMS_URL writes each message to the outbox as a .txt file', async () => {
    const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sms-outbox-'));
    await smsSenderFor({ outboxDir }).send({ to: '0912345678', text: '驗證碼為 123456' });
    const files = fs.readdirSync(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.txt$/);
    expect(fs.readFileSync(path.join(outboxDir, files[0]!), 'utf8')).toBe(
      'To: 0912345678\n\n驗證碼為 123456\n',
    );
    fs.rmSync(outboxDir, { recursive: true });
  });

  it('with SMS_URL posts {to, text} as JSON, and a refusal is an error', async () => {
    const received: unknown[] = [];
    let status = 200;
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({
          type: req.headers['content-type'],
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
        });
        res.statusCode = status;
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`;
    try {
      const sms = smsSenderFor({ smsUrl: url, outboxDir: '/nonexistent' });
      await sms.send({ to: '0912345678', text: '驗證碼為 654321' });
      expect(received).toEqual([
        { type: 'application/json', body: { to: '0912345678', text: '驗證碼為 654321' } },
      ]);
      status = 500;
      await expect(sms.send({ to: '0912345678', text: 'x' })).rejects.toThrow('500');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
