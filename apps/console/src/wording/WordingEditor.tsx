import { consoleWordingCalls, splitWording, type ConsoleWording } from '@site/contract/console';
import { useEffect, useId, useRef, useState } from 'react';
import { ConsoleCallError, call } from '../api/call';
import { formatTaipei } from '../time';
import { Alert } from '../ui/Alert';
import { Field, describedBy } from '../ui/form';
import { problemsOf } from './placeholders';
import { WordingPreview } from './WordingPreview';

/** The text another edit left, from a STALE_EDIT refusal (its fields carry values as JSON). */
function staleText(error: ConsoleCallError): string | null {
  const field = error.fields.find((f) => f.name === 'text');
  if (!field) return null;
  try {
    return String(JSON.parse(field.problem));
  } catch {
    return field.problem;
  }
}

/**
 * One wording being edited (or read, for the auditor): the text checked as it is typed with the
 * server's own check, its preview, and the undo (previous text, default text).
 */
export function WordingEditor({
  entry,
  editable,
  onDone,
}: {
  entry: ConsoleWording;
  editable: boolean;
  onDone: (saved: ConsoleWording | null, what?: string) => void;
}) {
  const [text, setText] = useState(entry.text);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const id = useId();
  const fieldId = `${id}-text`;
  useEffect(() => heading.current?.focus(), []);

  const problems = problemsOf(entry, text);
  const changed = text !== entry.text;
  const length = [...text].length;

  const send = async (what: string, request: () => Promise<{ entry: ConsoleWording }>) => {
    setFailure(null);
    setBusy(true);
    try {
      onDone((await request()).entry, what);
    } catch (error) {
      if (error instanceof ConsoleCallError && error.code === 'STALE_EDIT') {
        const now = staleText(error);
        setFailure(
          `這段文字已被他人修改${now === null ? '' : `為「${now}」`}，請關閉後重新開啟再編輯。`,
        );
      } else {
        setFailure(error instanceof Error ? error.message : '發生未預期的錯誤，請再試一次。');
      }
    } finally {
      setBusy(false);
    }
  };
  const save = () =>
    send('已儲存', () =>
      call(consoleWordingCalls.change, { code: entry.code, text, version: entry.version }),
    );
  const revert = (to: 'previous' | 'default') =>
    send(to === 'previous' ? '已還原為上一版' : '已還原為預設文字', () =>
      call(consoleWordingCalls.revert, { code: entry.code, to, version: entry.version }),
    );

  return (
    <section aria-labelledby={`${id}-title`} className="wording-editor">
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {editable ? '編輯' : '檢視'}「{entry.label}」
      </h2>
      <p className="hint">
        代碼 <code>{entry.code}</code>・{entry.shownAt}
        {entry.updatedAt !== null &&
          `・最後修改 ${formatTaipei(entry.updatedAt)}（${entry.updatedBy ?? '—'}）`}
      </p>
      {failure && <Alert>{failure}</Alert>}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (editable && changed && problems.length === 0) void save();
        }}
      >
        <Field
          id={fieldId}
          label={`文字內容（格式：${entry.template}）`}
          hint={`各段以 $$ 分隔，共 ${entry.parts.length} 段（目前 ${splitWording(text).length} 段）；最多 ${entry.maxLength} 個字（目前 ${length} 個字）。`}
          error={problems[0]?.message}
        >
          <textarea
            rows={3}
            value={text}
            readOnly={!editable}
            onChange={(event) => setText(event.target.value)}
            {...describedBy(fieldId, problems[0], true)}
          />
        </Field>
        {problems.length > 1 && (
          <ul className="field__error" aria-label="其他問題">
            {problems.slice(1).map((problem) => (
              <li key={problem.message}>{problem.message}</li>
            ))}
          </ul>
        )}
        <WordingPreview entry={entry} text={text} />
        <div className="actions">
          {editable && (
            <button
              type="submit"
              className="button"
              disabled={busy || !changed || problems.length > 0}
            >
              {busy ? '儲存中…' : '儲存'}
            </button>
          )}
          {editable && entry.previousText !== null && (
            <button
              type="button"
              className="button button--quiet"
              disabled={busy}
              title={`上一版：${entry.previousText}`}
              onClick={() => void revert('previous')}
            >
              還原上一版
            </button>
          )}
          {editable && entry.defaultText !== null && entry.defaultText !== entry.text && (
            <button
              type="button"
              className="button button--quiet"
              disabled={busy}
              title={`預設文字：${entry.defaultText}`}
              onClick={() => void revert('default')}
            >
              還原預設文字
            </button>
          )}
          <button type="button" className="button button--quiet" onClick={() => onDone(null)}>
            {editable ? '取消' : '關閉'}
          </button>
        </div>
      </form>
    </section>
  );
}
