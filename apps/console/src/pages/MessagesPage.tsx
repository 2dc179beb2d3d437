import { zodResolver } from '@hookform/resolvers/zod';
import {
  MESSAGE_AUDIENCE_LABELS,
  consoleMessageCalls,
  messageAudienceSchema,
  type ConsoleMessage,
} from '@site/contract/console';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { call } from '../api/call';
import {
  EMPTY_MESSAGE_FORM,
  messageFormSchema,
  messageInput,
  type MessageForm,
} from '../messages/message-form';
import { formatTaipei } from '../time';
import { Alert } from '../ui/Alert';
import { DataTable, Pager } from '../ui/DataTable';
import { Field, describedBy, showCallError } from '../ui/form';

const PAGE_SIZE = 25;
const MESSAGES_KEY = ['console', 'messages'] as const;
const AUDIENCES = messageAudienceSchema.options;
const column = createColumnHelper<ConsoleMessage>();

function audienceText(message: ConsoleMessage): string {
  if (message.audience === 'rentalEnding') return `租片 ${message.days ?? '?'} 天內到期的會員`;
  if (message.audience === 'member') return `會員 ${message.member ?? ''}`;
  return MESSAGE_AUDIENCE_LABELS[message.audience];
}

/** 站內訊息 (issue 25 item 8): the messages sent and scheduled, with read counts; a new one. */
export function MessagesPage({ editable }: { editable: boolean }) {
  const [page, setPage] = useState(1);
  const [notice, setNotice] = useState<string | null>(null);
  const queryClient = useQueryClient();
  useEffect(() => {
    document.title = '站內訊息 — 營運後台';
  }, []);
  const messages = useQuery({
    queryKey: [...MESSAGES_KEY, page],
    queryFn: () => call(consoleMessageCalls.listMessages, { page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });

  const columns = useMemo(
    () => [
      column.accessor('title', { header: '標題' }),
      column.display({
        id: 'audience',
        header: '對象',
        cell: (info) => audienceText(info.row.original),
      }),
      column.accessor('sendAt', {
        header: '傳送時間',
        cell: (info) => formatTaipei(info.getValue()),
      }),
      column.accessor('status', {
        header: '狀態',
        cell: (info) => (info.getValue() === 'scheduled' ? '已排程' : '已送出'),
      }),
      column.accessor('readCount', { header: '已讀' }),
      column.accessor('deletedCount', { header: '已刪除' }),
      column.accessor('createdBy', { header: '建立者', cell: (info) => info.getValue() ?? '—' }),
      column.display({
        id: 'actions',
        header: '動作',
        cell: (info) =>
          editable && info.row.original.status === 'scheduled' ? (
            <button
              type="button"
              className="button button--quiet"
              onClick={async () => {
                const message = info.row.original;
                if (!window.confirm(`撤回「${message.title}」？`)) return;
                try {
                  await call(consoleMessageCalls.cancelMessage, { msgId: message.msgId });
                  setNotice(`已撤回「${message.title}」。`);
                } catch (error) {
                  setNotice(error instanceof Error ? error.message : '撤回失敗。');
                }
                void queryClient.invalidateQueries({ queryKey: MESSAGES_KEY });
              }}
            >
              撤回
            </button>
          ) : null,
      }),
    ],
    [editable, queryClient],
  );

  return (
    <>
      <h1>站內訊息</h1>
      {editable ? (
        <NewMessageForm
          onSent={(message) => {
            setNotice(
              message.status === 'scheduled'
                ? `「${message.title}」已排程於 ${formatTaipei(message.sendAt)} 送出。`
                : `「${message.title}」已送出。`,
            );
            setPage(1);
            void queryClient.invalidateQueries({ queryKey: MESSAGES_KEY });
          }}
        />
      ) : (
        <p>您的角色只能檢視站內訊息。</p>
      )}
      {notice && <Alert tone="info">{notice}</Alert>}
      <h2>訊息清單</h2>
      {messages.isError && <Alert>{messages.error.message}</Alert>}
      <DataTable
        caption="站內訊息（傳送時間新的在前）"
        columns={columns}
        data={messages.data?.messages ?? []}
        rowKey={(row) => row.msgId}
        busy={messages.isPending}
      />
      {messages.data && (
        <Pager
          page={messages.data.page}
          pageSize={PAGE_SIZE}
          total={messages.data.total}
          onPage={setPage}
        />
      )}
    </>
  );
}

const FIELDS = ['audience', 'days', 'loginId', 'title', 'content', 'sendAt', 'contentId'];

function NewMessageForm({ onSent }: { onSent: (message: ConsoleMessage) => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<MessageForm>({
    resolver: zodResolver(messageFormSchema),
    defaultValues: EMPTY_MESSAGE_FORM,
  });
  const audience = useWatch({ control, name: 'audience' });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const reply = await call(consoleMessageCalls.sendMessage, messageInput(values));
      reset(EMPTY_MESSAGE_FORM);
      onSent(reply.message);
    } catch (error) {
      setFailure(showCallError(error, setError, FIELDS));
    }
  });

  return (
    <section aria-labelledby="new-message-heading">
      <h2 id="new-message-heading">新增訊息</h2>
      <form onSubmit={submit} noValidate>
        {failure && <Alert>{failure}</Alert>}
        <fieldset className="choices">
          <legend>對象</legend>
          {AUDIENCES.map((value) => (
            <div className="check" key={value}>
              <input type="radio" id={`msg-aud-${value}`} value={value} {...register('audience')} />
              <label htmlFor={`msg-aud-${value}`}>{MESSAGE_AUDIENCE_LABELS[value]}</label>
            </div>
          ))}
        </fieldset>
        <p className="field__hint">兒童子帳號沒有站內訊息，任何對象都不會收到。</p>
        {audience === 'rentalEnding' && (
          <Field
            id="msg-days"
            label="幾天內到期"
            error={errors.days?.message}
            hint="租片在傳送時間起算幾天內到期的會員（1 到 30 天）"
          >
            <input
              type="number"
              inputMode="numeric"
              min={1}
              max={30}
              {...describedBy('msg-days', errors.days, true)}
              {...register('days')}
            />
          </Field>
        )}
        {audience === 'member' && (
          <Field
            id="msg-login"
            label="會員登入帳號"
            error={errors.loginId?.message}
            hint="電子郵件或手機號碼"
          >
            <input
              type="text"
              autoComplete="off"
              {...describedBy('msg-login', errors.loginId, true)}
              {...register('loginId')}
            />
          </Field>
        )}
        <Field id="msg-title" label="標題" error={errors.title?.message}>
          <input
            type="text"
            maxLength={60}
            {...describedBy('msg-title', errors.title)}
            {...register('title')}
          />
        </Field>
        <Field id="msg-content" label="內容" error={errors.content?.message}>
          <textarea
            rows={5}
            maxLength={2000}
            {...describedBy('msg-content', errors.content)}
            {...register('content')}
          />
        </Field>
        <Field
          id="msg-link"
          label="連結影片編號（選填）"
          error={errors.contentId?.message}
          hint="會員點訊息時開啟這部影片的介紹頁"
        >
          <input
            type="text"
            {...describedBy('msg-link', errors.contentId, true)}
            {...register('contentId')}
          />
        </Field>
        <Field
          id="msg-send-at"
          label="傳送時間（台北時間，選填）"
          error={errors.sendAt?.message}
          hint="留空則立即送出"
        >
          <input
            type="datetime-local"
            {...describedBy('msg-send-at', errors.sendAt, true)}
            {...register('sendAt')}
          />
        </Field>
        <button type="submit" className="button" disabled={isSubmitting}>
          {isSubmitting ? '送出中…' : '送出訊息'}
        </button>
      </form>
    </section>
  );
}
