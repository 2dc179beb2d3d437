import crypto from 'node:crypto';

const TOKEN_LENGTH = 32;
const SIGNATURE = /^[A-Za-z0-9_-]{32}$/;
/** Expiry moments are rounded up to the hour, so one URL serves everyone for an hour (a CDN caches one copy). */
export const EXPIRY_STEP_SECONDS = 3600;

/**
 * The live origin's signed prefix, /live/{channelId}/{expires}/{signature}/: an HMAC over the
 * channel and the expiry with the stream signing secret (so every instance and the CDN agree),
 * in a message space of its own ("live\n…"), apart from the clips' /stream/ signatures.
 * Expiry moments are whole hours, so the same URL goes to every viewer for an hour and a
 * signature is computed once per channel and hour (`sign` remembers the last ones).
 */
export class LiveSigner {
  private readonly memo = new Map<string, string>();
  private readonly last = new Map<string, { expires: number; signature: string }>();

  constructor(private readonly secret: string) {}

  /** The expiry of a URL handed out at `now`: at least `ttl` away, rounded up to the hour. */
  static expiresFor(now: number, ttlSeconds: number): number {
    return Math.ceil((now + ttlSeconds) / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
  }

  sign(channelId: string, expires: number): string {
    // Nearly every request names the current hour: remember the last signature per channel.
    const last = this.last.get(channelId);
    if (last !== undefined && last.expires === expires) return last.signature;
    const key = `${channelId}\n${expires}`;
    let signature = this.memo.get(key);
    if (signature === undefined) {
      signature = crypto
        .createHmac('sha256', this.secret)
        .update(`live\n${key}`)
        .digest('base64url')
        .slice(0, TOKEN_LENGTH);
      if (this.memo.size > 10_000) this.memo.clear();
      this.memo.set(key, signature);
    }
    if (this.last.size > 10_000) this.last.clear();
    this.last.set(channelId, { expires, signature });
    return signature;
  }

  prefix(channelId: string, expires: number): string {
    return `/live/${channelId}/${expires}/${this.sign(channelId, expires)}/`;
  }

  /** Whether a prefix is genuine and unexpired (the expiry must be a whole hour we could issue). */
  verify(channelId: string, expires: number, signature: string, now: number): boolean {
    if (!Number.isSafeInteger(expires) || expires <= now || expires % EXPIRY_STEP_SECONDS !== 0)
      return false;
    if (!SIGNATURE.test(signature)) return false;
    return sameText(signature, this.sign(channelId, expires));
  }

  /**
   * A programme's signature (start over and catch-up, docs/adr/0043): an HMAC over the channel,
   * the programme's start and the expiry, in a message space of its own ("catchup\n…"), so a
   * /live/ signature never opens a programme and one programme's never opens another.
   */
  signProgramme(channelId: string, programStart: number, expires: number): string {
    const key = `catchup\n${channelId}\n${programStart}\n${expires}`;
    let signature = this.memo.get(key);
    if (signature === undefined) {
      signature = crypto
        .createHmac('sha256', this.secret)
        .update(key)
        .digest('base64url')
        .slice(0, TOKEN_LENGTH);
      if (this.memo.size > 10_000) this.memo.clear();
      this.memo.set(key, signature);
    }
    return signature;
  }

  /** /catchup/{channelId}/{programStart}/{expires}/{signature}/ */
  programmePrefix(channelId: string, programStart: number, expires: number): string {
    return `/catchup/${channelId}/${programStart}/${expires}/${this.signProgramme(channelId, programStart, expires)}/`;
  }

  /** Whether a programme's prefix is genuine and unexpired (whole hours only, as /live/). */
  verifyProgramme(
    channelId: string,
    programStart: number,
    expires: number,
    signature: string,
    now: number,
  ): boolean {
    if (!Number.isSafeInteger(expires) || expires <= now || expires % EXPIRY_STEP_SECONDS !== 0)
      return false;
    if (!Number.isSafeInteger(programStart) || !SIGNATURE.test(signature)) return false;
    return sameText(signature, this.signProgramme(channelId, programStart, expires));
  }
}

/** Constant-time comparison of two ASCII strings of the same length (no buffers per request). */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i += 1) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
