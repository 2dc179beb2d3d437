import {
  consoleScheduleCalls,
  type ConsoleProgramme,
  type ScheduleAsset,
} from '@site/contract/console';
import { useState } from 'react';
import { call, ConsoleCallError } from '../api/call';
import { Alert } from '../ui/Alert';
import { Dialog } from '../ui/Dialog';
import { Field, describedBy } from '../ui/form';
import { editability } from './grid';
import { inputOf, type ProgrammeForm } from './programme-form';

/**
 * Add or edit a programme by keyboard (issue 25 item 2): start, end, title, description, the
 * clip it plays (the media library's), and the catch-up blackout; and delete it. What the server
 * would refuse for a programme on air or aired is shown, and its controls are off.
 */
export function ProgrammeDialog({
  channelId,
  programme,
  initial,
  assets,
  now,
  onClose,
  onSaved,
}: {
  channelId: string;
  programme: ConsoleProgramme | null;
  initial: ProgrammeForm;
  assets: readonly ScheduleAsset[];
  now: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form, setForm] = useState(initial);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const state = programme ? editability(programme, now) : 'future';
  const frozen = state === 'aired';
  const onlyEnd = state === 'onAir';
  const set = (patch: Partial<ProgrammeForm>) => setForm((f) => ({ ...f, ...patch }));

  async function run(action: () => Promise<unknown>) {
    setBusy(true);
    setMessage(null);
    try {
      await action();
      onSaved();
    } catch (error) {
      setMessage(
        error instanceof ConsoleCallError ? error.message : '發生未預期的錯誤，請再試一次。',
      );
      if (error instanceof ConsoleCallError)
        setProblems(Object.fromEntries(error.fields.map((f) => [f.name, f.problem])));
    } finally {
      setBusy(false);
    }
  }

  function save() {
    const result = inputOf(form);
    setProblems(result.problems ?? {});
    if (!result.input) return;
    const input = result.input;
    void run(() =>
      programme
        ? call(consoleScheduleCalls.changeProgramme, {
            programmeId: programme.programmeId,
            ...input,
          })
        : call(consoleScheduleCalls.addProgramme, { channelId, ...input }),
    );
  }

  return (
    <Dialog title={programme ? '編輯節目' : '新增節目'} onClose={onClose}>
      <form
        className="schedule-form"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        {frozen && <Alert tone="info">這個節目已經播出，不能再修改或刪除。</Alert>}
        {onlyEnd && <Alert tone="info">這個節目正在播出，只能修改結束時間（不可早於現在）。</Alert>}
        {message && <Alert>{message}</Alert>}
        <Field id="programme-start" label="開始時間（台北）" error={problems.start}>
          <input
            type="datetime-local"
            step={1}
            value={form.start}
            disabled={frozen || onlyEnd}
            onChange={(e) => set({ start: e.target.value })}
            {...describedBy('programme-start', problems.start)}
          />
        </Field>
        <Field id="programme-end" label="結束時間（台北）" error={problems.end}>
          <input
            type="datetime-local"
            step={1}
            value={form.end}
            disabled={frozen}
            onChange={(e) => set({ end: e.target.value })}
            {...describedBy('programme-end', problems.end)}
          />
        </Field>
        <Field id="programme-title" label="節目名稱" error={problems.title}>
          <input
            value={form.title}
            maxLength={200}
            disabled={frozen || onlyEnd}
            onChange={(e) => set({ title: e.target.value })}
            {...describedBy('programme-title', problems.title)}
          />
        </Field>
        <Field id="programme-description" label="節目介紹" error={problems.description}>
          <textarea
            value={form.description}
            rows={3}
            disabled={frozen || onlyEnd}
            onChange={(e) => set({ description: e.target.value })}
            {...describedBy('programme-description', problems.description)}
          />
        </Field>
        <Field id="programme-clip" label="播出素材" error={problems.clipId}>
          <select
            value={form.clipId}
            disabled={frozen || onlyEnd}
            onChange={(e) => set({ clipId: e.target.value })}
            {...describedBy('programme-clip', problems.clipId)}
          >
            <option value="">頻道預設素材</option>
            {assets.map((a) => (
              <option key={a.clipId} value={a.clipId}>
                {a.name}
                {a.source === 'library' ? '（媒體庫）' : '（頻道素材）'}
                {a.durationSeconds ? ` ${Math.round(a.durationSeconds / 60)} 分鐘` : ''}
              </option>
            ))}
          </select>
        </Field>
        <div className="field">
          <label>
            <input
              type="checkbox"
              checked={form.blackout}
              disabled={frozen || onlyEnd}
              onChange={(e) => set({ blackout: e.target.checked })}
            />{' '}
            不提供回看（從頭看與回看都關閉）
          </label>
        </div>
        <div className="schedule-form__actions">
          {!frozen && (
            <button type="submit" className="button" disabled={busy}>
              儲存
            </button>
          )}
          {programme && state === 'future' && (
            <button
              type="button"
              className="button button--danger"
              disabled={busy}
              onClick={() => {
                if (!window.confirm(`確定要刪除「${programme.title}」嗎？`)) return;
                void run(() =>
                  call(consoleScheduleCalls.deleteProgramme, {
                    programmeId: programme.programmeId,
                  }),
                );
              }}
            >
              刪除節目
            </button>
          )}
        </div>
      </form>
    </Dialog>
  );
}
