import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import type { ChannelPictureKind } from '@site/contract/console';
import { AppError } from '../../http/errors.js';
import { preparePictureAt } from '../catalogue/pictures.js';
import { IMAGE_SIZES } from '../media/urls.js';

/*
 * A channel's picture and its sponsor logo uploaded in the console (docs/adr/0047). The picture
 * takes the title pictures' path (catalogue/pictures.ts: a real JPEG, PNG or WebP, cut to the
 * size the grid shows). A logo keeps its shape and its transparency: fitted inside 320×160 as a
 * PNG. Both are stored under a content-hashed name (a year's cache never serves an old one).
 */

const LOGO_BOX = { width: 320, height: 160 };
const LOGO_MIN = { width: 40, height: 20 };
const MAX_PIXELS = 40_000_000;
const refuse = (problem: string) => new AppError('BAD_INPUT', [{ name: 'file', problem }]);

async function prepareLogo(input: Buffer): Promise<Buffer> {
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    throw refuse('這個檔案不是可以讀取的圖片。');
  }
  if (!meta.format || !['jpeg', 'png', 'webp'].includes(meta.format)) {
    throw refuse('只接受 JPEG、PNG 或 WebP 圖片。');
  }
  if (!meta.width || !meta.height || meta.width < LOGO_MIN.width || meta.height < LOGO_MIN.height)
    throw refuse(`標誌至少要 ${LOGO_MIN.width}×${LOGO_MIN.height} 像素。`);
  try {
    return await sharp(input, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize(LOGO_BOX.width, LOGO_BOX.height, { fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    throw refuse('這個檔案不是可以讀取的圖片。');
  }
}

/** Prepares and stores the upload; answers its path under the media folder. */
export async function storeChannelPicture(
  mediaDir: string,
  kind: ChannelPictureKind,
  input: Buffer,
): Promise<string> {
  const picture =
    kind === 'picture'
      ? await preparePictureAt(IMAGE_SIZES.channel, input)
      : await prepareLogo(input);
  const hash = crypto.createHash('sha256').update(picture).digest('hex').slice(0, 32);
  const folder = kind === 'picture' ? 'images/channels/uploaded' : 'images/sponsors/uploaded';
  const relative = `${folder}/${hash}.${kind === 'picture' ? 'jpg' : 'png'}`;
  const target = path.join(mediaDir, relative);
  await fs.mkdir(path.dirname(target), { recursive: true });
  const temporary = `${target}.${crypto.randomBytes(6).toString('hex')}.tmp`;
  await fs.writeFile(temporary, picture);
  await fs.rename(temporary, target);
  return relative;
}
