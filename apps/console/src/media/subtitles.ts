import {
  SUBTITLE_MAX_BYTES,
  consoleMediaCalls,
  subtitlesMetadata,
  uploadSubtitleSchema,
  type UploadSubtitle,
} from '@site/contract/console';
import { ConsoleCallError, sendForm } from '../api/call';

/*
 * Subtitles for a video upload (issue 22 item 5): each SRT file is uploaded first and answered
 * with its id; the video's tus upload then names them in its `subtitles` metadata
 * (subtitlesMetadata). For the media section's upload form.
 */

/** A subtitle track the editor is preparing: its file once uploaded, its language and name. */
export interface SubtitleDraft {
  key: number;
  language: string;
  name: string;
  subtitleId: string | null;
  fileName: string;
}

/** A file the server would refuse, said before sending it (null: none). */
export function subtitleFileProblem(file: { name: string; size: number }): string | null {
  if (!/\.srt$/i.test(file.name)) return '請選擇副檔名為 .srt 的字幕檔。';
  if (file.size > SUBTITLE_MAX_BYTES) {
    return `字幕檔不能超過 ${SUBTITLE_MAX_BYTES / 1024 / 1024} MB。`;
  }
  return null;
}

/** The tus metadata value for the uploaded tracks, or the first track's problem. */
export function subtitleMetadataOf(
  drafts: readonly SubtitleDraft[],
): { value: string } | { problem: string } {
  const tracks: UploadSubtitle[] = [];
  for (const draft of drafts) {
    if (!draft.subtitleId) return { problem: `「${draft.fileName}」尚未上傳完成。` };
    const parsed = uploadSubtitleSchema.safeParse({
      language: draft.language.trim(),
      subtitleId: draft.subtitleId,
      name: draft.name.trim(),
    });
    if (!parsed.success) {
      return { problem: parsed.error.issues[0]?.message ?? '字幕設定不正確。' };
    }
    tracks.push(parsed.data);
  }
  return { value: subtitlesMetadata(tracks) };
}

/** Uploads one SRT file: its server-made id. */
export async function uploadSubtitleFile(file: Blob): Promise<string> {
  const description = consoleMediaCalls.uploadSubtitles;
  const body = new FormData();
  body.append('file', file);
  const data = await sendForm(
    description.method,
    description.path,
    body,
    `字幕檔不能超過 ${SUBTITLE_MAX_BYTES / 1024 / 1024} MB。`,
  );
  if (typeof data.subtitleId !== 'string')
    throw new ConsoleCallError(200, 'BAD_REPLY', '伺服器回應錯誤（200）。');
  return data.subtitleId;
}
