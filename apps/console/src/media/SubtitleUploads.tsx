import { useId, useState } from 'react';
import { Alert } from '../ui/Alert';
import { subtitleFileProblem, uploadSubtitleFile, type SubtitleDraft } from './subtitles';

let nextKey = 1;

/**
 * 字幕: SRT files for the video about to be uploaded, each sent as soon as it is chosen (the
 * server checks it), with its language and the name the player's menu shows. The media section's
 * upload form keeps the drafts (`value`) and, when the video is sent, puts
 * subtitleMetadataOf(drafts) into the tus metadata's `subtitles`.
 */
export function SubtitleUploads({
  value,
  onChange,
  disabled = false,
}: {
  value: readonly SubtitleDraft[];
  onChange: (drafts: SubtitleDraft[]) => void;
  disabled?: boolean;
}) {
  const headingId = useId();
  const fileId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const choose = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    setProblem(null);
    const local = subtitleFileProblem(file);
    if (local) {
      setProblem(local);
      return;
    }
    setBusy(true);
    try {
      const subtitleId = await uploadSubtitleFile(file);
      const first = value.length === 0;
      onChange([
        ...value,
        {
          key: nextKey++,
          subtitleId,
          fileName: file.name,
          language: first ? 'zh-TW' : '',
          name: first ? '繁體中文' : '',
        },
      ]);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : '字幕上傳失敗，請再試一次。');
    } finally {
      setBusy(false);
    }
  };

  const update = (key: number, patch: Partial<SubtitleDraft>) =>
    onChange(value.map((draft) => (draft.key === key ? { ...draft, ...patch } : draft)));

  return (
    <fieldset className="subtitles" aria-labelledby={headingId} disabled={disabled || busy}>
      <legend id={headingId}>字幕（SRT，選填）</legend>
      {problem && <Alert>{problem}</Alert>}
      {value.length > 0 && (
        <ul className="people">
          {value.map((draft) => (
            <li key={draft.key}>
              <span>{draft.fileName}</span>
              <label htmlFor={`sub-${draft.key}-language`}>語言代碼</label>
              <input
                id={`sub-${draft.key}-language`}
                type="text"
                size={8}
                value={draft.language}
                placeholder="zh-TW"
                onChange={(event) => update(draft.key, { language: event.target.value })}
              />
              <label htmlFor={`sub-${draft.key}-name`}>顯示名稱</label>
              <input
                id={`sub-${draft.key}-name`}
                type="text"
                maxLength={20}
                value={draft.name}
                placeholder="繁體中文"
                onChange={(event) => update(draft.key, { name: event.target.value })}
              />
              <button
                type="button"
                className="button button--danger"
                aria-label={`移除字幕 ${draft.fileName}`}
                onClick={() => onChange(value.filter((d) => d.key !== draft.key))}
              >
                移除
              </button>
            </li>
          ))}
        </ul>
      )}
      <label htmlFor={fileId}>{busy ? '字幕上傳中…' : '加入字幕檔'}</label>
      <input
        id={fileId}
        type="file"
        accept=".srt,application/x-subrip"
        onChange={(event) => void choose(event.currentTarget)}
      />
    </fieldset>
  );
}
