import {
  TITLE_PEOPLE_MAX,
  consoleCatalogueCalls,
  type ConsoleTitle,
  type TitlePerson,
  type TitlePersonRole,
} from '@site/contract/console';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ConsoleCallError, call } from '../api/call';
import { Alert } from '../ui/Alert';
import { ROLE_LABELS, moved, peopleProblems, rowOf, type Row } from './people';

/**
 * 演員與導演: the title's people in the order the pages show them. An editor adds, removes and
 * moves rows and saves the whole list on the title's version seen (a stale one is refused and
 * the title reloaded).
 */
export function PeoplePanel({
  title,
  editable,
  onSaved,
  onStale,
}: {
  title: ConsoleTitle;
  editable: boolean;
  onSaved: (version: number) => void;
  onStale: () => void;
}) {
  const headingId = useId();
  const people = useQuery({
    queryKey: ['console', 'title', title.contentId, 'people', title.version],
    queryFn: () => call(consoleCatalogueCalls.getTitlePeople, { contentId: title.contentId }),
  });
  return (
    <section className="panel" aria-labelledby={headingId}>
      <h2 id={headingId}>演員與導演</h2>
      {people.isPending ? (
        <p aria-busy="true">載入中…</p>
      ) : people.isError ? (
        <Alert>{people.error.message}</Alert>
      ) : (
        <PeopleEditor
          title={title}
          initial={people.data.people}
          editable={editable}
          onSaved={onSaved}
          onStale={onStale}
        />
      )}
    </section>
  );
}

function PeopleEditor({
  title,
  initial,
  editable,
  onSaved,
  onStale,
}: {
  title: ConsoleTitle;
  initial: readonly TitlePerson[];
  editable: boolean;
  onSaved: (version: number) => void;
  onStale: () => void;
}) {
  const [rows, setRows] = useState<Row[]>(() => initial.map(rowOf));
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ text: string; stale: boolean } | null>(null);
  const [announce, setAnnounce] = useState('');
  const [showProblems, setShowProblems] = useState(false);
  const problems = peopleProblems(rows);

  const change = (next: Row[], said = '') => {
    setRows(next);
    setDirty(true);
    setAnnounce(said);
  };
  const update = (index: number, patch: Partial<TitlePerson>) =>
    change(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));

  const save = async () => {
    setFailure(null);
    if (problems.size > 0) {
      setShowProblems(true);
      return;
    }
    setBusy(true);
    try {
      const reply = await call(consoleCatalogueCalls.setTitlePeople, {
        contentId: title.contentId,
        version: title.version,
        people: rows.map(({ name, role }) => ({ name: name.trim(), role })),
      });
      setDirty(false);
      onSaved(reply.version);
    } catch (error) {
      const stale = error instanceof ConsoleCallError && error.code === 'STALE_EDIT';
      setFailure({
        text: stale
          ? '這部影片已被其他人修改，請重新載入後再編輯演員與導演。'
          : error instanceof Error
            ? error.message
            : '發生未預期的錯誤，請再試一次。',
        stale,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {failure && (
        <Alert>
          {failure.text}{' '}
          {failure.stale && (
            <button type="button" className="button" onClick={onStale}>
              重新載入
            </button>
          )}
        </Alert>
      )}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announce}
      </p>
      {rows.length === 0 ? (
        <p className="hint">尚未設定演員與導演。</p>
      ) : (
        <ol className="people">
          {rows.map((row, i) => {
            const problem = showProblems ? problems.get(i) : undefined;
            const nameId = `person-${row.key}-name`;
            return (
              <li key={row.key} className={problem ? 'field field--invalid' : 'field'}>
                <label htmlFor={nameId}>第 {i + 1} 位姓名</label>
                <input
                  id={nameId}
                  type="text"
                  maxLength={40}
                  value={row.name}
                  disabled={!editable || busy}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? `${nameId}-error` : undefined}
                  onChange={(event) => update(i, { name: event.target.value })}
                />
                <label htmlFor={`person-${row.key}-role`}>角色</label>
                <select
                  id={`person-${row.key}-role`}
                  value={row.role}
                  disabled={!editable || busy}
                  onChange={(event) => update(i, { role: event.target.value as TitlePersonRole })}
                >
                  {(Object.keys(ROLE_LABELS) as TitlePersonRole[]).map((role) => (
                    <option key={role} value={role}>
                      {ROLE_LABELS[role]}
                    </option>
                  ))}
                </select>
                {editable && (
                  <span className="actions">
                    <button
                      type="button"
                      className="button"
                      disabled={busy || i === 0}
                      aria-label={`上移 ${row.name || `第 ${i + 1} 位`}`}
                      onClick={() => change(moved(rows, i, -1), `${row.name} 已移到第 ${i} 位`)}
                    >
                      上移
                    </button>
                    <button
                      type="button"
                      className="button"
                      disabled={busy || i === rows.length - 1}
                      aria-label={`下移 ${row.name || `第 ${i + 1} 位`}`}
                      onClick={() => change(moved(rows, i, 1), `${row.name} 已移到第 ${i + 2} 位`)}
                    >
                      下移
                    </button>
                    <button
                      type="button"
                      className="button button--danger"
                      disabled={busy}
                      aria-label={`刪除 ${row.name || `第 ${i + 1} 位`}`}
                      onClick={() =>
                        change(
                          rows.filter((_, j) => j !== i),
                          `已刪除 ${row.name || `第 ${i + 1} 位`}`,
                        )
                      }
                    >
                      刪除
                    </button>
                  </span>
                )}
                {problem && (
                  <p className="field__error" id={`${nameId}-error`}>
                    {problem}
                  </p>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {editable && (
        <div className="actions">
          <button
            type="button"
            className="button"
            disabled={busy || rows.length >= TITLE_PEOPLE_MAX}
            onClick={() => change([...rows, rowOf({ name: '', role: 'actor' })], '已新增一列')}
          >
            新增
          </button>
          <button
            type="button"
            className="button"
            disabled={busy || !dirty}
            onClick={() => void save()}
          >
            {busy ? '儲存中…' : '儲存演員與導演'}
          </button>
          {rows.length >= TITLE_PEOPLE_MAX && (
            <span className="hint">最多 {TITLE_PEOPLE_MAX} 位。</span>
          )}
        </div>
      )}
    </>
  );
}
