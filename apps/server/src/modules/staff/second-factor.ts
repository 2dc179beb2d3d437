import { Secret, TOTP } from 'otpauth';

/**
 * TOTP (RFC 6238) through otpauth: 6 digits, 30 s steps, one step of clock drift either way. A
 * code is taken once: the step it was accepted at is stored and codes of that step or earlier
 * are refused, so a code read over a shoulder cannot be replayed.
 */
const ISSUER = '影音營運後台';
const PERIOD = 30;

function totpFor(secret: string, email: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// address an authenticator app reads (from a QR code or typed in). */
export function enrolmentUri(secret: string, email: string): string {
  return totpFor(secret, email).toString();
}

/** The time step a code is valid for, or null when it is wrong or not newer than `lastStep`. */
export function acceptedStep(
  secret: string,
  email: string,
  code: string,
  lastStep: number | null,
  now: number,
): number | null {
  const delta = totpFor(secret, email).validate({ token: code, timestamp: now * 1000, window: 1 });
  if (delta === null) return null;
  const step = Math.floor(now / PERIOD) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

/** The code an authenticator would show at `now` (tests and the add-admin command's check). */
export function currentCode(secret: string, email: string, now: number): string {
  return totpFor(secret, email).generate({ timestamp: now * 1000 });
}
