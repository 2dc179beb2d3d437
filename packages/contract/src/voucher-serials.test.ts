import { describe, expect, it } from 'vitest';
import {
  BATCH_SERIAL_RANDOM,
  SERIAL_ALPHABET,
  SERIAL_CHECK_MESSAGE,
  SERIAL_LOOKALIKE_MESSAGE,
  batchSerialProblem,
  groupSerial,
  serialCheckCharacter,
} from './voucher-serials.js';
import { serialSchema } from './vouchers.js';

function randomBody(seed: number): string {
  let x = seed;
  let body = '';
  for (let i = 0; i < BATCH_SERIAL_RANDOM; i += 1) {
    x = (x * 1103515245 + 12345) % 2147483648;
    body += SERIAL_ALPHABET[x % SERIAL_ALPHABET.length];
  }
  return body;
}

describe('batch serials (ADR 0045)', () => {
  it('has 31 characters and none of the look-alikes', () => {
    expect(SERIAL_ALPHABET).toHaveLength(31);
    expect(new Set(SERIAL_ALPHABET).size).toBe(31);
    for (const c of '01ILO') expect(SERIAL_ALPHABET).not.toContain(c);
  });

  it('catches every single wrong character and every swap of two characters', () => {
    for (let seed = 1; seed <= 40; seed += 1) {
      const body = randomBody(seed);
      const serial = body + serialCheckCharacter(body);
      expect(batchSerialProblem(serial)).toBeNull();
      for (let i = 0; i < serial.length; i += 1) {
        for (const c of SERIAL_ALPHABET) {
          if (c === serial[i]) continue;
          const typo = serial.slice(0, i) + c + serial.slice(i + 1);
          expect(batchSerialProblem(typo)).toBe(SERIAL_CHECK_MESSAGE);
        }
        for (let j = i + 1; j < serial.length; j += 1) {
          if (serial[i] === serial[j]) continue;
          const chars = [...serial];
          [chars[i], chars[j]] = [chars[j]!, chars[i]!];
          expect(batchSerialProblem(chars.join(''))).toBe(SERIAL_CHECK_MESSAGE);
        }
      }
    }
  });

  it('names a look-alike character, and leaves older serials alone', () => {
    expect(batchSerialProblem('0BCDEFGHJKMNPQRS')).toBe(SERIAL_LOOKALIKE_MESSAGE);
    expect(batchSerialProblem('DEMOTITLE0001')).toBeNull();
    expect(batchSerialProblem('DEMOEXPIRED0001')).toBeNull();
  });

  it('is checked by the serial schema after normalising; typed groups are fine', () => {
    const body = randomBody(7);
    const serial = body + serialCheckCharacter(body);
    const typed = groupSerial(serial).toLowerCase();
    expect(typed).toMatch(/^.{4}-.{4}-.{4}-.{4}$/);
    expect(serialSchema.parse(typed)).toBe(serial);
    const wrong = serial.slice(0, 15) + (serial[15] === '2' ? '3' : '2');
    const result = serialSchema.safeParse(wrong);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(SERIAL_CHECK_MESSAGE);
    expect(serialSchema.parse('demo-title 0001')).toBe('DEMOTITLE0001');
  });
});
