import { consoleWordingCalls, type ConsoleWording } from '@site/contract/console';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { call } from '../api/call';
import { formatTaipei } from '../time';
import { Alert } from '../ui/Alert';
import { DataTable } from '../ui/DataTable';
import { WordingEditor } from '../wording/WordingEditor';

const KEY = ['console', 'wording'] as const;
type Fixed = { key: string; label: string; text: string; shownAt: string; reason: string };
const column = createColumnHelper<ConsoleWording>();
const fixedColumn = createColumnHelper<Fixed>();

/**
 * 文字管理 (issue 25 item 9): the site's wording entries, edited with a preview by marketing and
 * read by the auditor; SPEC's fixed texts listed apart, read-only, with the reason.
 */
export function WordingPage({ editable }: { editable: boolean }) {
  const [editing, setEditing] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const queryClient = useQueryClient();
  useEffect(() => {
    document.title = '文字管理 — 營運後台';
  }, []);
  const list = useQuery({ queryKey: KEY, queryFn: () => call(consoleWordingCalls.list) });
  const entries = list.data?.entries ?? [];
  const open = entries.find((entry) => entry.code === editing) ?? null;

  const columns = useMemo(
    () => [
      column.accessor('label', {
        header: '項目',
        cell: (info) => (
          <>
            {info.getValue()}
            <br />
            <code>{info.row.original.code}</code>
          </>
        ),
      }),
      column.accessor('text', { header: '目前文字' }),
      column.accessor('template', {
        header: '格式',
        cell: (info) => <code>{info.getValue()}</code>,
      }),
      column.accessor('updatedAt', {
        header: '最後修改',
        cell: (info) =>
          info.getValue() === null
            ? '—'
            : `${formatTaipei(info.getValue()!)}（${info.row.original.updatedBy ?? '—'}）`,
      }),
      column.display({
        id: 'actions',
        header: '動作',
        cell: (info) => (
          <button
            type="button"
            className="button button--quiet"
            aria-label={`${editable ? '編輯' : '檢視'}「${info.row.original.label}」`}
            onClick={() => {
              setNotice(null);
              setEditing(info.row.original.code);
            }}
          >
            {editable ? '編輯' : '檢視'}
          </button>
        ),
      }),
    ],
    [editable],
  );
  const fixedColumns = useMemo(
    () => [
      fixedColumn.accessor('text', {
        header: '文字',
        cell: (info) => (
          <>
            <span className="badge">固定</span> {info.getValue()}
          </>
        ),
      }),
      fixedColumn.accessor('shownAt', { header: '顯示位置' }),
      fixedColumn.accessor('reason', { header: '為什麼不能修改' }),
    ],
    [],
  );

  return (
    <>
      <h1>文字管理</h1>
      <p className="hint">
        網站從文字表讀取的文字；儲存後所有伺服器立即生效，每次修改都記入稽核紀錄。頻道的四段訂閱文字在頻道的表單中編輯。
      </p>
      {notice && <Alert tone="info">{notice}</Alert>}
      {open && (
        <WordingEditor
          key={`${open.code}-${open.version}`}
          entry={open}
          editable={editable}
          onDone={(saved, what) => {
            setEditing(null);
            if (saved) {
              setNotice(`${what ?? '已儲存'}「${saved.label}」：${saved.text}`);
              void queryClient.invalidateQueries({ queryKey: KEY });
            }
          }}
        />
      )}
      {list.isError && <Alert>{list.error.message}</Alert>}
      <DataTable
        caption="可編輯的文字"
        columns={columns}
        data={entries}
        rowKey={(row) => row.code}
        busy={list.isPending}
      />
      <h2>固定文字</h2>
      <p className="hint">SPEC 規定必須一字不差的文字，由網站程式直接顯示，不能在這裡修改。</p>
      <DataTable
        caption="固定文字（唯讀）"
        columns={fixedColumns}
        data={list.data?.fixed ?? []}
        rowKey={(row) => row.key}
        busy={list.isPending}
      />
    </>
  );
}
