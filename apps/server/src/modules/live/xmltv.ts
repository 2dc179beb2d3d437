import { SITE_NAME } from '@site/contract';
import { create } from 'xmlbuilder2';
import type { ChannelRow, ProgrammeRow } from './queries.js';
import { BLACKOUT_CATEGORY } from './catchup-rules.js';
import { taipeiOffset, taipeiParts } from '../../taipei-time.js';

/** XMLTV times: "YYYYMMDDhhmmss +0800", written in Taipei time (the guide's audience). */
export function xmltvTime(unixSeconds: number): string {
  const { date, hour, minute, second } = taipeiParts(unixSeconds);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.replaceAll('-', '')}${pad(hour)}${pad(minute)}${pad(second)} ${taipeiOffset(unixSeconds)}`;
}

/**
 * A channel's XMLTV id: its own id qualified with the site's domain (`ch01.tv.example.com`), the
 * globally unique RFC 2838 form XMLTV asks for (tv_validate_file refuses a bare `ch01`).
 */
export function xmltvChannelId(channelId: string, domain: string): string {
  return `${channelId}.${domain}`;
}

/** The channel an XMLTV id names: a bare id, or one qualified with this site's domain. */
export function channelIdOfXmltv(xmltvId: string, domain: string | undefined): string {
  const suffix = domain ? `.${domain}` : null;
  return suffix && xmltvId.endsWith(suffix) ? xmltvId.slice(0, -suffix.length) : xmltvId;
}

/** XMLTV text holds no newlines (xmltv.dtd); runs of white space become one space. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The programme guide as an XMLTV document, built with an XML library (DESIGN §7) in the order
 * xmltv.dtd requires; the tests validate it with xmllint against the DTD.
 */
export function renderXmltv(
  channels: ChannelRow[],
  programmes: ProgrammeRow[],
  absolute: (path: string) => string,
  pictureUrl: (row: ChannelRow) => string,
  idDomain: string,
): string {
  const tv = create({ version: '1.0', encoding: 'UTF-8', invalidCharReplacement: '' })
    .dtd({ sysID: 'xmltv.dtd' })
    .ele('tv', { 'source-info-name': SITE_NAME, 'generator-info-name': SITE_NAME });
  for (const channel of channels) {
    const element = tv.ele('channel', { id: xmltvChannelId(channel.channel_id, idDomain) });
    element.ele('display-name', { lang: 'zh' }).txt(oneLine(channel.name));
    element.ele('icon', { src: absolute(pictureUrl(channel)) });
    element.ele('url').txt(absolute(`/LiveChannel/${encodeURIComponent(channel.channel_id)}`));
  }
  for (const p of programmes) {
    const element = tv.ele('programme', {
      start: xmltvTime(Number(p.start_at)),
      stop: xmltvTime(Number(p.end_at)),
      channel: xmltvChannelId(p.channel_id, idDomain),
    });
    element.ele('title', { lang: 'zh' }).txt(oneLine(p.name));
    if (p.description.trim()) element.ele('desc', { lang: 'zh' }).txt(oneLine(p.description));
    // A blackout travels as the import reads it, so the guide imports back unchanged (ADR 0043).
    if (Number(p.catchup_blackout) === 1)
      element.ele('category', { lang: 'en' }).txt(BLACKOUT_CATEGORY);
  }
  return tv.end({ prettyPrint: true }) + '\n';
}
