import {
  TITLE_PICTURE_MAX_BYTES,
  consoleCatalogueCalls,
  type ConsoleTitle,
  type TitlePictureKind,
} from '@site/contract/console';
import { ConsoleCallError, fillPath, sendPicture, type FieldProblem } from '../api/call';

export const PICTURE_KINDS: readonly TitlePictureKind[] = ['poster', 'still', 'banner'];

export const PICTURE_LABELS: Record<TitlePictureKind, string> = {
  poster: '海報',
  still: '劇照',
  banner: '橫幅',
};

/** The size each kind is shown at (the server refuses a smaller picture). */
export const PICTURE_MIN_SIZES: Record<TitlePictureKind, string> = {
  poster: '320×480',
  still: '960×540',
  banner: '1200×630',
};

export const PICTURE_ACCEPT = 'image/jpeg,image/png,image/webp';

/** Where a title's picture of this kind is served, or null when it has none. */
export function pictureUrl(title: ConsoleTitle, kind: TitlePictureKind): string | null {
  const stored =
    kind === 'poster' ? title.posterPath : kind === 'still' ? title.stillPath : title.bannerPath;
  if (!stored) return null;
  return '/media/' + stored.split('/').map(encodeURIComponent).join('/');
}

/** What is wrong with a chosen file before it is sent (null: send it; the server checks too). */
export function pictureFileProblem(file: { size: number; type: string }): string | null {
  if (file.type && !PICTURE_ACCEPT.split(',').includes(file.type)) {
    return '只接受 JPEG、PNG 或 WebP 圖片。';
  }
  if (file.size === 0) return '這個檔案是空的。';
  if (file.size > TITLE_PICTURE_MAX_BYTES) {
    return `圖片檔案不能超過 ${TITLE_PICTURE_MAX_BYTES / 1024 / 1024} MB。`;
  }
  return null;
}

/** The missing items named by a refused publish (posterPath, stillPath, clipId), in zh-TW. */
const MISSING_LABELS: Record<string, string> = {
  posterPath: '海報',
  stillPath: '劇照',
  clipId: '影片檔',
};

export function missingForPublish(fields: readonly FieldProblem[]): string[] {
  return fields.flatMap((field) => {
    const label = MISSING_LABELS[field.name];
    return label ? [label] : [];
  });
}

/**
 * uploadTitlePicture: multipart with the `version` seen first, then the one `file`. Answers the
 * title as it now is (its new version), or throws a ConsoleCallError like `call`.
 */
export async function uploadPicture(
  title: Pick<ConsoleTitle, 'contentId' | 'version'>,
  kind: TitlePictureKind,
  file: Blob,
): Promise<ConsoleTitle> {
  const description = consoleCatalogueCalls.uploadTitlePicture;
  const { filled } = fillPath(description.path, { contentId: title.contentId, kind });
  const data = await sendPicture(
    description.method,
    filled,
    title.version,
    file,
    TITLE_PICTURE_MAX_BYTES,
  );
  if (!data.title) throw new ConsoleCallError(200, 'BAD_REPLY', '伺服器回應錯誤（200）。');
  return data.title as ConsoleTitle;
}
