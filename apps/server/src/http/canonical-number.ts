import { AppError } from './errors.js';

/**
 * The one spelling of a whole number in a signed field (ADR 0018): decimal digits, no sign, no
 * leading zero, no fraction or exponent, at most 15 digits (a safe integer). `Number()` would
 * also read `0x…`, `+…`, ` …`, `…e0`, `….000` and `0…` as the same value, so a signature made
 * over the value would cover many addresses; a CDN keyed on the address would then cache each.
 */
const CANONICAL = /^(?:0|[1-9][0-9]{0,14})$/;

/** The value of a canonically spelled whole number, or null for any other text. */
export function canonicalInteger(text: string | undefined): number | null {
  return text !== undefined && CANONICAL.test(text) ? Number(text) : null;
}

/** A signed numeric path segment (`expires`): 400 BAD_URL for any other spelling. */
export function signedPathNumber(text: string | undefined): number {
  const value = canonicalInteger(text);
  if (value === null) throw new AppError('BAD_URL');
  return value;
}
