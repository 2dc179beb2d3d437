import crypto from 'node:crypto';

/**
 * Clips are streamed only through signed, short-lived URLs handed out by a play right (or a
 * trailer): /stream/{clipId}/{expires}/{signature}/master.m3u8. The playlists' relative URIs
 * (renditions, segments, subtitles) resolve under the same signed prefix, so one signature
 * covers the whole stream; a copied link stops working when it expires. A CDN in front can check
 * the same HMAC.
 */
export class StreamSigner {
  constructor(
    private readonly secret: string,
    private readonly ttlSeconds: number,
    private readonly clock: () => number,
  ) {}

  /** The master playlist URL of a clip, valid for the TTL. */
  masterUrl(clipId: string): string {
    const expires = this.clock() + this.ttlSeconds;
    return `/stream/${encodeURIComponent(clipId)}/${expires}/${this.signature(clipId, expires)}/master.m3u8`;
  }

  /** Whether a signed prefix is genuine and not yet expired. */
  verify(clipId: string, expires: number, signature: string): boolean {
    if (!Number.isInteger(expires) || expires <= this.clock()) return false;
    const expected = Buffer.from(this.signature(clipId, expires));
    const given = Buffer.from(signature);
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  }

  private signature(clipId: string, expires: number): string {
    return crypto
      .createHmac('sha256', this.secret)
      .update(`${clipId}\n${expires}`)
      .digest('base64url')
      .slice(0, 32);
  }
}
