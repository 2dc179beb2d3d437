import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { repoRoot } from '../../src/config.js';
import type { Database } from '../../src/db/schema.js';

const XSD = path.join(repoRoot, 'fixtures/standards/vast_4.2.xsd');
let files = 0;
const xmlDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vast-campaign-'));

/** xmllint exits non-zero (and the test fails) on any violation of the VAST 4.2 schema. */
export function validateVast(xml: string): void {
  const file = path.join(xmlDir, `reply-${(files += 1)}.xml`);
  fs.writeFileSync(file, xml);
  execFileSync('xmllint', ['--noout', '--schema', XSD, file], { stdio: 'pipe' });
}

const unescape = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

/** The text of each element with this name (our documents: one line, no CDATA). */
export const vastTexts = (xml: string, name: string) =>
  [...xml.matchAll(new RegExp(`<${name}(?: [^>]*)?>([^<]*)</${name}>`, 'g'))].map((m) =>
    unescape(m[1]!),
  );
export const servedAdId = (xml: string) => /<Ad id="([^"]+)"/.exec(xml)?.[1] ?? null;
export const trackingUrl = (xml: string, event: string) =>
  event === 'impression'
    ? vastTexts(xml, 'Impression')[0]!
    : event === 'error'
      ? vastTexts(xml, 'Error')[0]!
      : unescape(new RegExp(`<Tracking event="${event}">([^<]*)</Tracking>`).exec(xml)![1]!);

/** A console creative already transcoded (the e2e and most tests need no ffmpeg run). */
export async function readyCreative(
  db: Kysely<Database>,
  creativeId: string,
  fields: { durationSeconds?: number; clickThrough?: string | null } = {},
): Promise<void> {
  await db
    .insertInto('ad_creative')
    .values({
      creative_id: creativeId,
      ad_title: `活動素材 ${creativeId}`,
      advertiser: '測試廣告主',
      slot: 'preroll',
      target_kind: 'campaign',
      target_id: null,
      media_path: `ads/creatives/ad-${creativeId}/ad-${creativeId}.mp4`,
      media_type: 'video/mp4',
      width: 640,
      height: 360,
      bitrate_kbps: 800,
      duration_seconds: fields.durationSeconds ?? 10,
      click_through:
        fields.clickThrough === undefined ? 'https://ads.example.com/landing' : fields.clickThrough,
      label: null,
      cap_per_hour: 0,
      priority: 0,
      active: 1,
      state: 'ready',
      created_at: 0,
      created_by: 'test',
    })
    .execute();
}
