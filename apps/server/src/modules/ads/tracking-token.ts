import crypto from 'node:crypto';
import { z } from 'zod';
import { adSlots } from '@site/contract';

/**
 * What a tracking pixel proves: which served ad (servingId, creative, viewer, break) it reports
 * on. The VAST document carries it signed, so /ads/track needs no lookup and cannot be fed
 * events for ads we never served (docs/adr/0022).
 */
export interface ServedAd {
  servingId: string;
  creativeId: string;
  /** The campaign it was served for (docs/adr/0050); null for the seeded fallback. */
  campaignId: string | null;
  viewerHash: string;
  slot: (typeof adSlots)[number];
  contentId: string | null;
  channelId: string | null;
  /** Unix seconds the document was served. */
  issuedAt: number;
}

/** Pixels arriving later than this after the document was served are refused. */
export const TRACKING_TOKEN_TTL_SECONDS = 24 * 3600;

const payloadSchema = z.object({
  s: z.string().max(40),
  c: z.string().max(40),
  v: z.string().max(64),
  k: z.enum(adSlots),
  t: z.string().max(40).nullable(),
  h: z.string().max(40).nullable(),
  i: z.number().int(),
  /** Absent in tokens signed before campaigns (ADR 0050): the seeded fallback. */
  p: z.string().max(40).nullable().optional(),
});

export class TrackingTokens {
  private readonly key: Buffer;

  /** The key is derived from the stream signing secret, kept apart by its label. */
  constructor(secret: string) {
    this.key = crypto.createHmac('sha256', secret).update('ads/tracking-token/v1').digest();
  }

  private mac(body: string): string {
    return crypto
      .createHmac('sha256', this.key)
      .update(body)
      .digest()
      .subarray(0, 16)
      .toString('base64url');
  }

  sign(ad: ServedAd): string {
    const body = Buffer.from(
      JSON.stringify({
        s: ad.servingId,
        c: ad.creativeId,
        v: ad.viewerHash,
        k: ad.slot,
        t: ad.contentId,
        h: ad.channelId,
        i: ad.issuedAt,
        ...(ad.campaignId ? { p: ad.campaignId } : {}),
      }),
    ).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  /** The served ad a token names, or null when it is forged, damaged or too old. */
  verify(token: string, now: number): ServedAd | null {
    const [body, mac] = token.split('.');
    if (!body || !mac) return null;
    const expected = Buffer.from(this.mac(body));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
    let json: unknown;
    try {
      json = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
    const parsed = payloadSchema.safeParse(json);
    if (!parsed.success) return null;
    const p = parsed.data;
    if (p.i > now + 60 || now - p.i > TRACKING_TOKEN_TTL_SECONDS) return null;
    return {
      servingId: p.s,
      creativeId: p.c,
      campaignId: p.p ?? null,
      viewerHash: p.v,
      slot: p.k,
      contentId: p.t,
      channelId: p.h,
      issuedAt: p.i,
    };
  }
}
