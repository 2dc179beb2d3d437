import { zodResolver } from '@hookform/resolvers/zod';
import { consoleMessageCalls, type ConsoleAnnouncement } from '@site/contract/console';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ConsoleCallError, call } from '../api/call';
import {
  announcementForm,
  announcementFormSchema,
  announcementInput,
  type AnnouncementForm,
} from '../messages/message-form';
import { formatTaipei, unixToTaipeiLocal } from '../time';
import { Alert } from '../ui/Alert';
import { DataTable } from '../ui/DataTable';
import { Field, describedBy, showCallError } from '../ui/form';

const KEY = ['console', 'announcements'] as const;
const STATUS_LABELS = { scheduled: '尚未開始', showing: '顯示中', ended: '已結束' } as const;
const column = createColumnHelper<ConsoleAnnouncement>();

/** 公告 (issue 25 item 8): the site's announcement queue, each shown once per user in its window. */
export function AnnouncementsPage({ editable }: { editable: boolean }) {
  const [editing, setEditing] = useState<ConsoleAnnouncement | 'new' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const queryClient = useQueryClient();
  useEffect(() => {
    document.title = '公告 — 營運後台';
  }, []);
  const list = useQuery({
    queryKey: KEY,
    queryFn: async () => (await call(consoleMessageCalls.listAnnouncements)).announcements,
  });
  const columns = useMemo(
    () => [
      column.accessor('title', { header: '標題' }),
      column.accessor('startAt', { header: '開始', cell: (info) => formatTaipei(info.getValue()) }),
      column.accessor('endAt', { header: '結束', cell: (info) => formatTaipei(info.getValue()) }),
      column.accessor('status', {
        header: '狀態',
        cell: (info) => STATUS_LABELS[info.getValue()],
      }),
      column.accessor('seenCount', { header: '已顯示人數' }),
      column.display({
        id: 'actions',
        header: '動作',
        cell: (info) =>
          editable ? (
            <button
              type="button"
              className="button button--quiet"
              aria-label={`編輯「${info.row.original.title}」`}
              onClick={() => setEditing(info.row.original)}
            >
              編輯
            </button>
          ) : null,
      }),
    ],
    [editable],
  );

  return (
    <>
      <h1>公告</h1>
      {notice && <Alert tone="info">{notice}</Alert>}
      {editable && editing === null && (
        <button type="button" className="button" onClick={() => setEditing('new')}>
          新增公告
        </button>
      )}
      {editable && editing !== null && (
        <AnnouncementEditor
          key={editing === 'new' ? 'new' : `${editing.announceId}-${editing.version}`}
          editing={editing}
          onDone={(saved) => {
            setEditing(null);
            if (saved) setNotice(`已儲存「${saved.title}」。`);
            void queryClient.invalidateQueries({ queryKey: KEY });
          }}
        />
      )}
      {list.isError && <Alert>{list.error.message}</Alert>}
      <DataTable
        caption="公告清單（開始時間新的在前）"
        columns={columns}
        data={list.data ?? []}
        rowKey={(row) => row.announceId}
        busy={list.isPending}
      />
    </>
  );
}

function AnnouncementEditor({
  editing,
  onDone,
}: {
  editing: ConsoleAnnouncement | 'new';
  onDone: (saved: ConsoleAnnouncement | null) => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  // A new announcement starts now and runs a week (read once, when the form opens).
  const [now] = useState(() => Math.floor(Date.now() / 1000));
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AnnouncementForm>({
    resolver: zodResolver(announcementFormSchema),
    defaultValues:
      editing === 'new'
        ? {
            title: '',
            content: '',
            startAt: unixToTaipeiLocal(now),
            endAt: unixToTaipeiLocal(now + 7 * 86_400),
          }
        : announcementForm(editing),
  });
  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const input = announcementInput(values);
      const reply =
        editing === 'new'
          ? await call(consoleMessageCalls.createAnnouncement, input)
          : await call(consoleMessageCalls.changeAnnouncement, {
              ...input,
              announceId: editing.announceId,
              version: editing.version,
            });
      onDone(reply.announcement);
    } catch (error) {
      if (error instanceof ConsoleCallError && error.code === 'STALE_EDIT') {
        setFailure('這則公告已被他人修改，請關閉後重新開啟編輯。');
        return;
      }
      setFailure(showCallError(error, setError, ['title', 'content', 'startAt', 'endAt']));
    }
  });
  return (
    <section aria-labelledby="announcement-editor">
      <h2 id="announcement-editor">{editing === 'new' ? '新增公告' : '編輯公告'}</h2>
      <form onSubmit={submit} noValidate>
        {failure && <Alert>{failure}</Alert>}
        <Field id="ann-title" label="標題" error={errors.title?.message}>
          <input
            type="text"
            maxLength={60}
            {...describedBy('ann-title', errors.title)}
            {...register('title')}
          />
        </Field>
        <Field id="ann-content" label="內容" error={errors.content?.message}>
          <textarea
            rows={4}
            maxLength={2000}
            {...describedBy('ann-content', errors.content)}
            {...register('content')}
          />
        </Field>
        <Field id="ann-start" label="開始時間（台北時間）" error={errors.startAt?.message}>
          <input
            type="datetime-local"
            {...describedBy('ann-start', errors.startAt)}
            {...register('startAt')}
          />
        </Field>
        <Field id="ann-end" label="結束時間（台北時間）" error={errors.endAt?.message}>
          <input
            type="datetime-local"
            {...describedBy('ann-end', errors.endAt)}
            {...register('endAt')}
          />
        </Field>
        <div className="actions">
          <button type="submit" className="button" disabled={isSubmitting}>
            {isSubmitting ? '儲存中…' : '儲存'}
          </button>
          <button type="button" className="button button--quiet" onClick={() => onDone(null)}>
            取消
          </button>
        </div>
      </form>
    </section>
  );
}
