import type { ConsoleTitle, TitlePictureKind } from '@site/contract/console';
import { useId, useState } from 'react';
import { ConsoleCallError } from '../api/call';
import { Alert } from '../ui/Alert';
import {
  PICTURE_ACCEPT,
  PICTURE_KINDS,
  PICTURE_LABELS,
  PICTURE_MIN_SIZES,
  pictureFileProblem,
  pictureUrl,
  uploadPicture,
} from './pictures';

/**
 * 圖片: the title's poster, still and banner as pages show them, and (for an editor) a file
 * control per kind. An upload is made on the version seen; the title it answers (its new
 * version) is handed up, so the next edit is made on it.
 */
export function PicturesPanel({
  title,
  editable,
  onUploaded,
  onStale,
}: {
  title: ConsoleTitle;
  editable: boolean;
  onUploaded: (title: ConsoleTitle, what: string) => void;
  onStale: () => void;
}) {
  const headingId = useId();
  return (
    <section className="panel" aria-labelledby={headingId}>
      <h2 id={headingId}>圖片</h2>
      <ul className="pictures">
        {PICTURE_KINDS.map((kind) => (
          <PictureSlot
            key={kind}
            kind={kind}
            title={title}
            editable={editable}
            onUploaded={onUploaded}
            onStale={onStale}
          />
        ))}
      </ul>
    </section>
  );
}

function PictureSlot({
  kind,
  title,
  editable,
  onUploaded,
  onStale,
}: {
  kind: TitlePictureKind;
  title: ConsoleTitle;
  editable: boolean;
  onUploaded: (title: ConsoleTitle, what: string) => void;
  onStale: () => void;
}) {
  const [problem, setProblem] = useState<{ text: string; stale: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const url = pictureUrl(title, kind);
  const label = PICTURE_LABELS[kind];
  const inputId = `picture-${kind}`;

  const upload = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    setProblem(null);
    const local = pictureFileProblem(file);
    if (local) {
      setProblem({ text: local, stale: false });
      input.value = '';
      return;
    }
    setBusy(true);
    try {
      const saved = await uploadPicture(title, kind, file);
      onUploaded(saved, `已上傳${label}`);
    } catch (error) {
      if (error instanceof ConsoleCallError) {
        const stale = error.code === 'STALE_EDIT';
        const detail = error.fields.find((field) => field.name === 'file')?.problem;
        setProblem({
          text: stale
            ? '這部影片在您檢視時已被其他人修改，圖片尚未上傳。請重新載入後再上傳。'
            : detail && detail !== error.message
              ? `${error.message}${detail}`
              : error.message,
          stale,
        });
      } else {
        setProblem({ text: '上傳失敗，請再試一次。', stale: false });
      }
    } finally {
      setBusy(false);
      input.value = '';
    }
  };

  return (
    <li className={`picture picture--${kind}`}>
      <h3>{label}</h3>
      {url ? (
        <img className="picture__img" src={url} alt={`${title.name}的${label}`} />
      ) : (
        <p className="picture__none">尚未上傳{label}</p>
      )}
      {editable && (
        <div className="field">
          <label htmlFor={inputId}>上傳{label}</label>
          <input
            id={inputId}
            type="file"
            accept={PICTURE_ACCEPT}
            disabled={busy}
            aria-describedby={`${inputId}-hint${problem ? ` ${inputId}-error` : ''}`}
            onChange={(event) => void upload(event.currentTarget)}
          />
          <p className="field__hint" id={`${inputId}-hint`}>
            JPEG、PNG 或 WebP，至少 {PICTURE_MIN_SIZES[kind]}，8 MB 以內。
          </p>
          {busy && (
            <p role="status" className="hint">
              上傳中…
            </p>
          )}
          {problem && (
            <div id={`${inputId}-error`}>
              <Alert>
                <p>{problem.text}</p>
                {problem.stale && (
                  <button type="button" className="button" onClick={onStale}>
                    重新載入最新版本
                  </button>
                )}
              </Alert>
            </div>
          )}
        </div>
      )}
    </li>
  );
}
