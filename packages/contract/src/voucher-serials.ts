/**
 * The shape of serials made by voucher batches (issue 25 item 5, docs/adr/0045), without zod so
 * the redeem page can check a serial before it sends it.
 *
 * - 16 characters: 15 drawn by a CSPRNG (on the server) from an alphabet of 31 that leaves out
 *   the look-alikes 0/O, 1/I/L, then one check character.
 * - The check: with each character's place in the alphabet as its value v₁…v₁₆, the weighted sum
 *   Σ i·vᵢ is a multiple of 31. 31 is prime and the weights 1…16 are distinct and non-zero modulo
 *   31, so every single wrong character and every swap of two characters is caught, before any
 *   lookup.
 * - Serials of any other length are the older kind (the demo's `DEMOTITLE0001`, ADR 0020): they
 *   have no check character and are looked up as they are.
 */

/** 2–9 and A–Z without I, L and O: 31 characters, a prime, for the check. */
export const SERIAL_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const BATCH_SERIAL_LENGTH = 16;
/** The characters drawn at random (the last one is the check). */
export const BATCH_SERIAL_RANDOM = BATCH_SERIAL_LENGTH - 1;

const BASE = SERIAL_ALPHABET.length;
/** The inverse of the check character's weight (16 · 2 = 32 ≡ 1 mod 31). */
const CHECK_WEIGHT_INVERSE = 2;

export const SERIAL_LOOKALIKE_MESSAGE =
  '序號中有不會出現的字元：序號不使用數字 0、1 與英文字母 I、L、O，請確認後再試。';
export const SERIAL_CHECK_MESSAGE =
  '序號有誤：可能有字元輸入錯誤或前後顛倒，請對照序號卡再輸入一次。';

function valueOf(char: string): number {
  return SERIAL_ALPHABET.indexOf(char);
}

/** The check character for 15 characters of the alphabet. */
export function serialCheckCharacter(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) sum += (i + 1) * valueOf(body[i]!);
  // v₁₆ such that Σ + 16·v₁₆ ≡ 0 (mod 31).
  const check = (((-sum * CHECK_WEIGHT_INVERSE) % BASE) + BASE) % BASE;
  return SERIAL_ALPHABET[check]!;
}

/** Whether a normalised serial has the batch shape (its length), so its check applies. */
export function isBatchSerialShape(serial: string): boolean {
  return serial.length === BATCH_SERIAL_LENGTH;
}

/**
 * What is wrong with a normalised serial of the batch shape (a look-alike character, a wrong
 * check character), or null when it passes or is of the older kind.
 */
export function batchSerialProblem(serial: string): string | null {
  if (!isBatchSerialShape(serial)) return null;
  let sum = 0;
  for (let i = 0; i < serial.length; i += 1) {
    const value = valueOf(serial[i]!);
    if (value < 0) return SERIAL_LOOKALIKE_MESSAGE;
    sum += (i + 1) * value;
  }
  return sum % BASE === 0 ? null : SERIAL_CHECK_MESSAGE;
}

/** A serial as printed on a card and in the export: four groups of four. */
export function groupSerial(serial: string): string {
  return isBatchSerialShape(serial) ? serial.match(/.{4}/g)!.join('-') : serial;
}
