import { create } from 'xmlbuilder2';
import type { AdTrackingEvent } from '@site/contract';

export const VAST_NAMESPACE = 'http://www.iab.com/VAST';
export const AD_SYSTEM = 'StarRiver Ad Server';

/** Everything one InLine ad needs; URLs are site paths or absolute http(s) ones. */
export interface InlineAd {
  servingId: string;
  creativeId: string;
  adTitle: string;
  advertiser: string;
  durationSeconds: number;
  media: { url: string; type: string; width: number; height: number; bitrateKbps: number };
  clickThrough: string | null;
  label: string | null;
  /** The tracking pixel for one event; `error` carries the [ERRORCODE] macro. */
  trackingUrl: (event: AdTrackingEvent) => string;
}

/** The type of our ad-label extension: <Extension type="AdLabel"><AdLabel>…</AdLabel></Extension>. */
export const AD_LABEL_EXTENSION = 'AdLabel';

function document(): ReturnType<ReturnType<typeof create>['ele']> {
  // Characters XML 1.0 cannot hold are dropped rather than written out.
  return create({ version: '1.0', encoding: 'UTF-8', invalidCharReplacement: '' }).ele(
    VAST_NAMESPACE,
    'VAST',
    { version: '4.2' },
  );
}

/** hh:mm:ss for xs:time. */
export function vastDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`;
}

/** No ad for this break: the VAST 4.2 "no ad" answer. */
export function emptyVast(): string {
  return document().end({ prettyPrint: false });
}

const LINEAR_EVENTS = ['start', 'firstQuartile', 'midpoint', 'thirdQuartile', 'complete'] as const;

/**
 * One linear InLine ad as VAST 4.2, built element by element with an XML library (DESIGN §7),
 * in the order vast_4.2.xsd requires; the tests validate it with xmllint against the XSD.
 */
export function inlineVast(ad: InlineAd): string {
  const root = document();
  // No `sequence` on the Ad: that marks a member of an ad pod, and this ad stands alone
  // (iab-vast-parser filed the single pre-roll as a pod of one; issue 28 item 7).
  const inline = root.ele('Ad', { id: ad.creativeId }).ele('InLine');
  inline.ele('AdSystem', { version: '1.0' }).txt(AD_SYSTEM);
  inline.ele('Error').txt(ad.trackingUrl('error'));
  if (ad.label) {
    inline
      .ele('Extensions')
      .ele('Extension', { type: AD_LABEL_EXTENSION })
      .ele('AdLabel')
      .txt(ad.label);
  }
  inline.ele('Impression', { id: ad.servingId }).txt(ad.trackingUrl('impression'));
  inline.ele('AdServingId').txt(ad.servingId);
  inline.ele('AdTitle').txt(ad.adTitle);
  inline.ele('Advertiser').txt(ad.advertiser);
  const creative = inline
    .ele('Creatives')
    .ele('Creative', { id: ad.creativeId, adId: ad.creativeId, sequence: '1' });
  const linear = creative.ele('Linear');
  const tracking = linear.ele('TrackingEvents');
  for (const event of LINEAR_EVENTS) {
    tracking.ele('Tracking', { event }).txt(ad.trackingUrl(event));
  }
  linear.ele('Duration').txt(vastDuration(ad.durationSeconds));
  linear
    .ele('MediaFiles')
    .ele('MediaFile', {
      id: `${ad.creativeId}-mp4`,
      delivery: 'progressive',
      type: ad.media.type,
      width: String(ad.media.width),
      height: String(ad.media.height),
      bitrate: String(ad.media.bitrateKbps),
      scalable: 'true',
      maintainAspectRatio: 'true',
    })
    .txt(ad.media.url);
  const clicks = linear.ele('VideoClicks');
  clicks.ele('ClickTracking', { id: ad.servingId }).txt(ad.trackingUrl('click'));
  if (ad.clickThrough) clicks.ele('ClickThrough', { id: ad.creativeId }).txt(ad.clickThrough);
  creative.ele('UniversalAdId', { idRegistry: 'unknown' }).txt('unknown');
  return root.end({ prettyPrint: false });
}
