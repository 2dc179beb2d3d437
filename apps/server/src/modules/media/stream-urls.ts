import crypto from 'node:crypto';
import { AppError } from '../../http/errors.js';
import { ContentKeyStore } from './content-keys.js';

/** Clip and content ids as they may appear in a stream path. */
export const STREAM_ID = /^[A-Za-z0-9_-]{1,40}$/;
/** The length of a signature or grant in a stream path (base64url). */
const TOKEN_LENGTH = 32;

/**
 * Clips are streamed only through signed, short-lived URLs handed out by a play right (or a
 * trailer): /stream/{clipId}/{expires}/{signature}/master.m3u8. The playlists' relative URIs
 * (renditions, segments, subtitles) resolve under the same signed prefix, so one signature
 * covers the whole stream; a copied link stops working when it expires. The signature names no
 * viewer, so every viewer of a clip fetches the same segment paths and a CDN in front can check
 * the same HMAC and cache one copy (docs/adr/0023).
 *
 * An encrypted clip (one with a content key) is played from a per-viewer path below that prefix,
 * /stream/{clipId}/{expires}/{signature}/grant/{contentId}/{grant}/master.m3u8, where the grant
 * is an HMAC over the prefix, the title and the account. Only its playlists and its content key
 * are served there: the playlists send segments back to the shared prefix, and the key is given
 * only to a session of that account which still holds the play right.
 */
export class StreamSigner {
  constructor(
    private readonly secret: string,
    private readonly ttlSeconds: number,
    private readonly clock: () => number,
    private readonly keys: ContentKeyStore = new ContentKeyStore(null),
  ) {}

  /** The master playlist URL of a clear clip, valid for the TTL (trailers, free titles). */
  masterUrl(clipId: string): string {
    return `${this.prefix(clipId, this.clock() + this.ttlSeconds)}master.m3u8`;
  }

  /**
   * The master playlist a play right hands out: the shared one for a clear clip; for an
   * encrypted one the viewer's own, which needs a signed-in account (401 otherwise).
   */
  playUrl(clipId: string, contentId: string, accountId: string | null): string {
    if (!this.keys.isEncrypted(clipId)) return this.masterUrl(clipId);
    if (accountId === null) throw new AppError('NOT_LOGGED_IN');
    const expires = this.clock() + this.ttlSeconds;
    const grant = this.grant(clipId, expires, contentId, accountId);
    return `${this.prefix(clipId, expires)}grant/${encodeURIComponent(contentId)}/${grant}/master.m3u8`;
  }

  /** The shared prefix of a clip's files, ending in a slash. */
  prefix(clipId: string, expires: number): string {
    return `/stream/${encodeURIComponent(clipId)}/${expires}/${this.signature(clipId, expires)}/`;
  }

  /** Whether a signed prefix is genuine and not yet expired. */
  verify(clipId: string, expires: number, signature: string): boolean {
    if (!Number.isInteger(expires) || expires <= this.clock()) return false;
    return same(signature, this.signature(clipId, expires));
  }

  /** Whether a grant was made for this account (check the prefix with verify first). */
  verifyGrant(
    clipId: string,
    expires: number,
    contentId: string,
    accountId: string,
    grant: string,
  ): boolean {
    return same(grant, this.grant(clipId, expires, contentId, accountId));
  }

  isEncrypted(clipId: string): boolean {
    return this.keys.isEncrypted(clipId);
  }

  contentKey(clipId: string): Buffer | undefined {
    return this.keys.key(clipId);
  }

  private signature(clipId: string, expires: number): string {
    return this.mac(`${clipId}\n${expires}`);
  }

  private grant(clipId: string, expires: number, contentId: string, accountId: string): string {
    return this.mac(`grant\n${clipId}\n${expires}\n${contentId}\n${accountId}`);
  }

  private mac(message: string): string {
    return crypto
      .createHmac('sha256', this.secret)
      .update(message)
      .digest('base64url')
      .slice(0, TOKEN_LENGTH);
  }
}

function same(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}
