import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/config.js';

const script = path.join(repoRoot, 'scripts/commerce-crash-check.ts');

/**
 * Issue 11 "Integrity": the server SIGKILLed in the middle of a burst of voucher redemptions and
 * wallet payments, and restarted; every success reply is in the database and nothing is half done
 * (the script checks and prints its figures; docs/adr/0020, 0021).
 */
describe('commerce crash check', () => {
  it('keeps every answered redemption and payment, and leaves nothing half done across a SIGKILL', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', script, '--vouchers', '160', '--members', '8'],
      { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code, `${stdout}\n${stderr}`).toBe(0);
    const summary = stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, number | boolean>)
      .at(-1);
    expect(summary).toMatchObject({ ok: true, problems: 0 });
    // The kill came mid-burst: some answered, some never sent.
    expect(Number(summary!.successReplies)).toBeGreaterThan(0);
    expect(Number(summary!.requestsSent)).toBeLessThan(Number(summary!.requestsPlanned));
    expect(summary!.redeemedInDatabase).toBe(summary!.grantsInDatabase);
    expect(Number(summary!.paidReplies)).toBeGreaterThan(0);
    expect(Number(summary!.paidOrdersInDatabase)).toBeGreaterThanOrEqual(
      Number(summary!.paidReplies),
    );
  }, 90_000);
});
