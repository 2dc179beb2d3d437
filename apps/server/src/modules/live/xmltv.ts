import { SITE_NAME } from '@site/contract';
import { escapeHtml as xml } from '../../http/html.js';
import { TAIPEI_OFFSET_SECONDS } from '../../time.js';
import type { ChannelRow, ProgrammeRow } from './queries.js';

/** XMLTV times: "YYYYMMDDhhmmss +0800", written in Taipei time (the guide's audience). */
export function xmltvTime(unixSeconds: number): string {
  const d = new Date((unixSeconds + TAIPEI_OFFSET_SECONDS) * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}` +
    `${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())} +0800`
  );
}

/** The programme guide as an XMLTV document (validated against xmltv.dtd in the tests). */
export function renderXmltv(
  channels: ChannelRow[],
  programmes: ProgrammeRow[],
  absolute: (path: string) => string,
  pictureUrl: (row: ChannelRow) => string,
): string {
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE tv SYSTEM "xmltv.dtd">',
    `<tv source-info-name="${xml(SITE_NAME)}" generator-info-name="${xml(SITE_NAME)}">`,
  ];
  for (const channel of channels) {
    out.push(
      `  <channel id="${xml(channel.channel_id)}">`,
      `    <display-name lang="zh">${xml(channel.name)}</display-name>`,
      `    <icon src="${xml(absolute(pictureUrl(channel)))}" />`,
      `    <url>${xml(absolute(`/LiveChannel/${encodeURIComponent(channel.channel_id)}`))}</url>`,
      '  </channel>',
    );
  }
  for (const p of programmes) {
    out.push(
      `  <programme start="${xmltvTime(p.start_at)}" stop="${xmltvTime(p.end_at)}" channel="${xml(p.channel_id)}">`,
      `    <title lang="zh">${xml(p.name)}</title>`,
      ...(p.description ? [`    <desc lang="zh">${xml(p.description)}</desc>`] : []),
      '  </programme>',
    );
  }
  out.push('</tv>', '');
  return out.join('\n');
}
