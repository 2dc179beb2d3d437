import { zodResolver } from '@hookform/resolvers/zod';
import { AD_SLOT_LABELS, consoleAdCalls } from '@site/contract/console';
import { adSlots, deviceTypes } from '@site/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { call, ConsoleCallError } from '../api/call';
import {
  campaignFieldOf,
  campaignFormOf,
  campaignFormSchema,
  campaignInput,
  emptyCampaignForm,
  type CampaignForm,
} from '../ads/campaign-form';
import { CAMPAIGNS_KEY, CREATIVES_KEY, DEVICE_LABELS } from '../ads/labels';
import { Alert } from '../ui/Alert';
import { Field, describedBy } from '../ui/form';

type FormInput = z.input<typeof campaignFormSchema>;

/** 新增／編輯廣告活動: loads the campaign (when editing) and the ready creatives first. */
export function AdCampaignPage({ editable }: { editable: boolean }) {
  const { campaignId } = useParams();
  const campaign = useQuery({
    queryKey: [...CAMPAIGNS_KEY, campaignId],
    queryFn: () => call(consoleAdCalls.getCampaign, { campaignId: campaignId! }),
    enabled: Boolean(campaignId),
  });
  const creatives = useQuery({
    queryKey: CREATIVES_KEY,
    queryFn: () => call(consoleAdCalls.listCreatives, {}),
  });
  const title = campaignId ? '編輯廣告活動' : '新增廣告活動';
  useEffect(() => {
    document.title = `${title} — 營運後台`;
  }, [title]);
  if (campaign.isError || creatives.isError) {
    return <Alert>{(campaign.error ?? creatives.error)?.message}</Alert>;
  }
  if ((campaignId && !campaign.data) || !creatives.data) return <p role="status">載入中…</p>;
  const choices = creatives.data.creatives.filter((k) => !k.seeded && k.state === 'ready');
  return (
    <>
      <h1>{title}</h1>
      <CampaignFormView
        campaignId={campaignId}
        editable={editable}
        initial={campaign.data ? campaignFormOf(campaign.data.campaign) : null}
        creatives={choices.map((k) => ({
          id: k.creativeId,
          label: `${k.adTitle}（${k.durationSeconds} 秒）`,
        }))}
      />
    </>
  );
}

function CampaignFormView({
  campaignId,
  editable,
  initial,
  creatives,
}: {
  campaignId: string | undefined;
  editable: boolean;
  /** null: a new campaign (starting this hour). */
  initial: FormInput | null;
  creatives: { id: string; label: string }[];
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  // The clock is read once, when the form opens (not on every render).
  const [blank] = useState(() => emptyCampaignForm(Math.floor(Date.now() / 1000)));
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, CampaignForm>({
    resolver: zodResolver(campaignFormSchema),
    defaultValues: initial ?? blank,
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const input = campaignInput(values);
      const { campaign } = campaignId
        ? await call(consoleAdCalls.updateCampaign, { campaignId, ...input })
        : await call(consoleAdCalls.createCampaign, input);
      await queryClient.invalidateQueries({ queryKey: CAMPAIGNS_KEY });
      void navigate(`/ads/campaigns/${campaign.campaignId}`, { replace: true });
      setFailure(null);
    } catch (error) {
      if (!(error instanceof ConsoleCallError)) {
        setFailure('發生未預期的錯誤，請再試一次。');
        return;
      }
      for (const field of error.fields) {
        setError(campaignFieldOf(field.name), { type: 'server', message: field.problem });
      }
      setFailure(error.message);
    }
  });

  const text = (
    name: 'name' | 'advertiser' | 'capPerDay' | 'priority',
    label: string,
    hint?: string,
  ) => (
    <Field
      id={`campaign-${name}`}
      label={label}
      error={errors[name]?.message}
      {...(hint ? { hint } : {})}
    >
      <input
        type="text"
        inputMode={name === 'capPerDay' || name === 'priority' ? 'numeric' : undefined}
        {...describedBy(`campaign-${name}`, errors[name], Boolean(hint))}
        {...register(name)}
      />
    </Field>
  );
  const ids = (name: 'titles' | 'categories' | 'channels', label: string) => (
    <Field
      id={`campaign-${name}`}
      label={label}
      hint="每行一個編號；留空表示不限。"
      error={errors[name]?.message}
    >
      <textarea
        rows={3}
        {...describedBy(`campaign-${name}`, errors[name], true)}
        {...register(name)}
      />
    </Field>
  );
  const checks = <T extends string>(
    name: 'slots' | 'devices' | 'creativeIds',
    legend: string,
    options: readonly { value: T; label: string }[],
  ) => (
    <fieldset
      className="choices"
      aria-describedby={errors[name] ? `campaign-${name}-error` : undefined}
    >
      <legend>{legend}</legend>
      {options.length === 0 && <p>目前沒有可用的素材，請先上傳並等待轉檔完成。</p>}
      {options.map((o) => (
        <div className="check" key={o.value}>
          <input
            type="checkbox"
            id={`campaign-${name}-${o.value}`}
            value={o.value}
            {...register(name)}
          />
          <label htmlFor={`campaign-${name}-${o.value}`}>{o.label}</label>
        </div>
      ))}
      {errors[name] && (
        <p className="field__error" id={`campaign-${name}-error`}>
          {errors[name]?.message}
        </p>
      )}
    </fieldset>
  );

  return (
    <form onSubmit={submit} noValidate className="form-grid">
      {failure && <Alert>{failure}</Alert>}
      <fieldset disabled={!editable} className="form-grid">
        {text('name', '活動名稱')}
        {text('advertiser', '廣告主')}
        <Field id="campaign-state" label="狀態" error={errors.state?.message}>
          <select {...describedBy('campaign-state', errors.state)} {...register('state')}>
            <option value="active">啟用</option>
            <option value="paused">暫停（立即停止播出）</option>
          </select>
        </Field>
        <Field id="campaign-startsAt" label="開始時間（台北時間）" error={errors.startsAt?.message}>
          <input
            type="datetime-local"
            {...describedBy('campaign-startsAt', errors.startsAt)}
            {...register('startsAt')}
          />
        </Field>
        <Field id="campaign-endsAt" label="結束時間（台北時間）" error={errors.endsAt?.message}>
          <input
            type="datetime-local"
            {...describedBy('campaign-endsAt', errors.endsAt)}
            {...register('endsAt')}
          />
        </Field>
        {checks(
          'creativeIds',
          '素材（輪播）',
          creatives.map((k) => ({ value: k.id, label: k.label })),
        )}
        {checks(
          'slots',
          '廣告時段',
          adSlots.map((s) => ({ value: s, label: AD_SLOT_LABELS[s] })),
        )}
        {ids('channels', '指定頻道')}
        {ids('titles', '指定影片')}
        {ids('categories', '指定分類')}
        {checks(
          'devices',
          '指定裝置類型（不選表示不限）',
          deviceTypes.map((d) => ({ value: d, label: DEVICE_LABELS[d] ?? d })),
        )}
        {text(
          'capPerDay',
          '每人每日頻次上限',
          '同一觀眾（廣告 Cookie）在台北時間同一天最多看到幾次；0 表示不限。',
        )}
        {text('priority', '優先順序', '0 到 100，數字大的先播。')}
      </fieldset>
      {editable && (
        <div className="actions">
          <button type="submit" className="button" disabled={isSubmitting}>
            {isSubmitting ? '儲存中…' : '儲存'}
          </button>
        </div>
      )}
    </form>
  );
}
