import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import type { TitlePictureKind } from '@site/contract/console';
import { AppError } from '../../http/errors.js';
import { HASHED_PICTURE_FOLDER, IMAGE_SIZES, type ImageSize } from '../media/urls.js';

/*
 * A title's pictures uploaded in the console (issue 22, docs/adr/0038-console-catalogue.md):
 * checked to be a real image of an allowed type and size (sharp reads the pixels, not the name or
 * the type the browser claimed), resized to the size the pages show it at, and stored under the
 * media folder with a content-hashed name, which the media routes serve with a year's cache.
 */

/** What pages show each picture at (media/urls.ts): a banner is a wide share-sized picture. */
export const PICTURE_SIZES: Record<TitlePictureKind, ImageSize> = {
  poster: IMAGE_SIZES.poster,
  still: IMAGE_SIZES.still,
  banner: IMAGE_SIZES.share,
};

/** Where each kind is stored under the media folder (a public folder: images/). */
export const PICTURE_FOLDER = HASHED_PICTURE_FOLDER;

const ACCEPTED = new Set(['jpeg', 'png', 'webp']);
/** Larger pictures are refused before their pixels are decoded (a decompression bomb). */
const MAX_PIXELS = 40_000_000;

const refuse = (problem: string) => new AppError('BAD_INPUT', [{ name: 'file', problem }]);

/**
 * The picture as pages show it (a JPEG at the kind's size), or a zh-TW refusal: not an image, a
 * type other than JPEG, PNG or WebP, smaller than the size shown, or too many pixels.
 */
export async function preparePicture(kind: TitlePictureKind, input: Buffer): Promise<Buffer> {
  return preparePictureAt(PICTURE_SIZES[kind], input);
}

/** The same at any size (a channel's picture in the console uses it too, docs/adr/0047). */
export async function preparePictureAt(size: ImageSize, input: Buffer): Promise<Buffer> {
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    throw refuse('這個檔案不是可以讀取的圖片。');
  }
  if (!meta.format || !ACCEPTED.has(meta.format)) {
    throw refuse('只接受 JPEG、PNG 或 WebP 圖片。');
  }
  // EXIF orientations 5–8 turn the picture a quarter: its shown width is the stored height.
  const turned = (meta.orientation ?? 1) >= 5;
  const width = turned ? meta.height : meta.width;
  const height = turned ? meta.width : meta.height;
  if (!width || !height || width * height > MAX_PIXELS) {
    throw refuse('圖片太大，請縮小到 4,000 萬像素以內。');
  }
  if (width < size.width || height < size.height) {
    throw refuse(`圖片至少要 ${size.width}×${size.height} 像素。`);
  }
  try {
    return await sharp(input, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize(size.width, size.height, { fit: 'cover', position: 'attention' })
      .flatten({ background: '#000000' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
  } catch {
    // The header read but the pixels did not (a truncated or damaged file).
    throw refuse('這個檔案不是可以讀取的圖片。');
  }
}

/**
 * Writes the prepared picture under `mediaDir` with a name made of its content's hash (a new
 * picture is a new name, so a year's cache never serves an old one), and answers the path stored
 * on the title, relative to the media folder. Written to a temporary name first and renamed, so
 * no reader sees half a file; the same picture twice is the same file.
 */
export async function storePicture(
  mediaDir: string,
  kind: TitlePictureKind,
  picture: Buffer,
): Promise<string> {
  const hash = crypto.createHash('sha256').update(picture).digest('hex').slice(0, 32);
  const relative = `${PICTURE_FOLDER}/${kind}s/${hash}.jpg`;
  const target = path.join(mediaDir, relative);
  await fs.mkdir(path.dirname(target), { recursive: true });
  const temporary = `${target}.${crypto.randomBytes(6).toString('hex')}.tmp`;
  await fs.writeFile(temporary, picture);
  await fs.rename(temporary, target);
  return relative;
}

/** The title's column each kind is kept in. */
export const PICTURE_COLUMNS = {
  poster: 'poster_path',
  still: 'still_path',
  banner: 'banner_path',
} as const satisfies Record<TitlePictureKind, string>;
