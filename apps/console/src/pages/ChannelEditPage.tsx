import {
  consoleChannelCalls,
  type ChannelPictureKind,
  type ConsoleChannel,
} from '@site/contract/console';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ConsoleCallError, call } from '../api/call';
import {
  channelFields,
  channelFormOf,
  emptyChannelForm,
  newChannelInput,
  problemsByControl,
  type ChannelFormValues,
} from '../lineup/channel-form';
import { ChannelFormFields } from '../lineup/ChannelFormFields';
import { LINEUP_KEY } from '../lineup/keys';
import { uploadChannelPicture } from '../lineup/upload';
import { Alert } from '../ui/Alert';

type Message = { tone: 'error' | 'info'; text: string };

/** 新增頻道 / 編輯頻道 (issue 25 item 1, docs/adr/0047): the channel form, its pictures when editing. */
export function ChannelEditPage({ editable }: { editable: boolean }) {
  const { channelId } = useParams();
  const isNew = channelId === undefined;
  useEffect(() => {
    document.title = `${isNew ? '新增頻道' : '編輯頻道'} — 營運後台`;
  }, [isNew]);
  const lineup = useQuery({
    queryKey: LINEUP_KEY,
    queryFn: () => call(consoleChannelCalls.getLineup),
  });
  const loaded = useQuery({
    queryKey: ['console', 'channel', channelId],
    queryFn: async () =>
      (await call(consoleChannelCalls.getChannel, { channelId: channelId! })).channel,
    enabled: !isNew,
  });
  if (lineup.isPending || (!isNew && loaded.isPending)) return <p aria-busy="true">載入中…</p>;
  if (lineup.isError) return <Alert>{lineup.error.message}</Alert>;
  if (!isNew && loaded.isError) return <Alert>{loaded.error.message}</Alert>;
  const channel = isNew ? null : loaded.data!;
  return (
    <ChannelForm
      key={channel ? `${channel.channelId}:${channel.version}` : 'new'}
      channel={channel}
      groups={lineup.data.groups}
      editable={editable}
    />
  );
}

function ChannelForm({
  channel,
  groups,
  editable,
}: {
  channel: ConsoleChannel | null;
  groups: Parameters<typeof ChannelFormFields>[0]['groups'];
  editable: boolean;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<ChannelFormValues>(() =>
    channel ? channelFormOf(channel) : emptyChannelForm(),
  );
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<Message | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (change: Partial<ChannelFormValues>) => setValues((v) => ({ ...v, ...change }));

  const saved = async (after: ConsoleChannel, text: string) => {
    queryClient.setQueryData(['console', 'channel', after.channelId], after);
    await queryClient.invalidateQueries({ queryKey: LINEUP_KEY });
    setMessage({ tone: 'info', text });
    if (!channel) void navigate(`/channels/${encodeURIComponent(after.channelId)}`);
  };
  const failed = (error: unknown) => {
    if (error instanceof ConsoleCallError) {
      setProblems(problemsByControl(error.fields));
      setMessage({
        tone: 'error',
        text:
          error.code === 'STALE_EDIT'
            ? '這個頻道在您編輯時已被其他人修改，請重新載入頁面後再送出。'
            : error.message,
      });
    } else setMessage({ tone: 'error', text: '發生未預期的錯誤，請再試一次。' });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblems({});
    setMessage(null);
    try {
      const after = channel
        ? (
            await call(consoleChannelCalls.updateChannel, {
              channelId: channel.channelId,
              version: channel.version,
              ...channelFields(values),
            })
          ).channel
        : (await call(consoleChannelCalls.createChannel, newChannelInput(values))).channel;
      await saved(after, channel ? '已儲存頻道，直播頁立即生效。' : '已新增頻道。');
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };

  const upload = async (kind: ChannelPictureKind, input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file || !channel) return;
    setBusy(true);
    setMessage(null);
    try {
      const after = await uploadChannelPicture(channel, kind, file);
      await saved(after, kind === 'picture' ? '已更新頻道圖片。' : '已更新贊助商標誌。');
    } catch (error) {
      failed(error);
    } finally {
      input.value = '';
      setBusy(false);
    }
  };

  return (
    <>
      <p>
        <Link to="/channels">← 頻道列表</Link>
      </p>
      <h1>{channel ? `編輯頻道：${channel.name}` : '新增頻道'}</h1>
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
      <form onSubmit={(e) => void submit(e)} noValidate className="form-grid">
        <fieldset disabled={!editable || busy} className="plain">
          <ChannelFormFields
            values={values}
            set={set}
            problems={problems}
            groups={groups}
            isNew={!channel}
          />
        </fieldset>
        {editable && (
          <div className="actions">
            <button type="submit" className="button" disabled={busy}>
              {busy ? '儲存中…' : channel ? '儲存頻道' : '新增頻道'}
            </button>
          </div>
        )}
      </form>
      {channel && editable && (
        <section className="panel" aria-labelledby="pictures-heading">
          <h2 id="pictures-heading">圖片</h2>
          {(['picture', 'sponsor'] as const).map((kind) => {
            const url = kind === 'picture' ? channel.picUrl : channel.sponsorLogoUrl;
            const label =
              kind === 'picture' ? '頻道圖片（480×270 以上）' : '贊助商標誌（PNG 建議去背）';
            return (
              <div className="field" key={kind}>
                <label htmlFor={`channel-upload-${kind}`}>{label}</label>
                {url && <img src={url} alt="" className="thumb" width={160} />}
                <input
                  type="file"
                  id={`channel-upload-${kind}`}
                  accept="image/jpeg,image/png,image/webp"
                  disabled={busy}
                  onChange={(e) => void upload(kind, e.currentTarget)}
                />
              </div>
            );
          })}
        </section>
      )}
    </>
  );
}
