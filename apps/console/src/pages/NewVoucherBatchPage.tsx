import { zodResolver } from '@hookform/resolvers/zod';
import {
  VOUCHER_BATCH_KIND_LABELS,
  VOUCHER_CHANNEL_LABELS,
  consoleVoucherCalls,
  voucherBatchKindSchema,
  voucherChannelSchema,
} from '@site/contract/console';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { call, ConsoleCallError } from '../api/call';
import { Alert } from '../ui/Alert';
import { Field, describedBy } from '../ui/form';
import { batchFormSchema, batchInput, formFieldOf, type BatchForm } from '../vouchers/batch-form';
import { BATCHES_KEY } from '../vouchers/labels';

const KINDS = voucherBatchKindSchema.options;
const CHANNELS = voucherChannelSchema.options;

/** 新增序號批次: what the serials grant, how many, until when, where they are sold. */
export function NewVoucherBatchPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    document.title = '新增序號批次 — 營運後台';
  }, []);
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof batchFormSchema>, unknown, BatchForm>({
    resolver: zodResolver(batchFormSchema),
    defaultValues: {
      name: '',
      kind: 'title',
      contentId: '',
      contentIds: '',
      serviceId: '',
      amount: '',
      creditDays: '',
      validUntilDay: '',
      channel: '',
      quantity: '',
    },
  });
  const kind = useWatch({ control, name: 'kind' });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { batch } = await call(consoleVoucherCalls.createBatch, batchInput(values));
      await queryClient.invalidateQueries({ queryKey: BATCHES_KEY });
      void navigate(`/vouchers/${batch.batchId}`, { state: { created: true } });
    } catch (error) {
      if (!(error instanceof ConsoleCallError)) {
        setFailure('發生未預期的錯誤，請再試一次。');
        return;
      }
      for (const field of error.fields) {
        setError(formFieldOf(field.name), { type: 'server', message: field.problem });
      }
      setFailure(error.message);
    }
  });

  return (
    <>
      <h1>新增序號批次</h1>
      <form onSubmit={submit} noValidate className="form-grid">
        {failure && <Alert>{failure}</Alert>}
        <Field id="batch-name" label="批次名稱" error={errors.name?.message}>
          <input type="text" {...describedBy('batch-name', errors.name)} {...register('name')} />
        </Field>
        <fieldset className="choices">
          <legend>種類</legend>
          {KINDS.map((value) => (
            <div className="check" key={value}>
              <input type="radio" id={`batch-kind-${value}`} value={value} {...register('kind')} />
              <label htmlFor={`batch-kind-${value}`}>{VOUCHER_BATCH_KIND_LABELS[value]}</label>
            </div>
          ))}
        </fieldset>
        {kind === 'title' && (
          <Field
            id="batch-title"
            label="兌換的影片編號"
            hint="兌換後為租借：7 天內開始觀看，開始後 48 小時內看完。"
            error={errors.contentId?.message}
          >
            <input
              type="text"
              {...describedBy('batch-title', errors.contentId, true)}
              {...register('contentId')}
            />
          </Field>
        )}
        {kind === 'title_choice' && (
          <Field
            id="batch-choices"
            label="可選影片編號（每行一部，2 到 20 部）"
            hint="兌換時由會員從中選擇一部租借。"
            error={errors.contentIds?.message}
          >
            <textarea
              rows={4}
              {...describedBy('batch-choices', errors.contentIds, true)}
              {...register('contentIds')}
            />
          </Field>
        )}
        {kind === 'service' && (
          <Field
            id="batch-service"
            label="月租服務編號"
            hint="例如 SVC-MONTHLY；每組序號延長一期。"
            error={errors.serviceId?.message}
          >
            <input
              type="text"
              {...describedBy('batch-service', errors.serviceId, true)}
              {...register('serviceId')}
            />
          </Field>
        )}
        {(kind === 'stored_value' || kind === 'viewing_credit') && (
          <Field id="batch-amount" label="金額（新台幣元）" error={errors.amount?.message}>
            <input
              type="text"
              inputMode="numeric"
              {...describedBy('batch-amount', errors.amount)}
              {...register('amount')}
            />
          </Field>
        )}
        {kind === 'viewing_credit' && (
          <Field id="batch-days" label="看片金兌換後可用天數" error={errors.creditDays?.message}>
            <input
              type="text"
              inputMode="numeric"
              {...describedBy('batch-days', errors.creditDays)}
              {...register('creditDays')}
            />
          </Field>
        )}
        <Field
          id="batch-quantity"
          label="數量（組）"
          hint="1 到 100,000 組。"
          error={errors.quantity?.message}
        >
          <input
            type="text"
            inputMode="numeric"
            {...describedBy('batch-quantity', errors.quantity, true)}
            {...register('quantity')}
          />
        </Field>
        <Field
          id="batch-until"
          label="兌換期限（台北時間當天 23:59 止）"
          error={errors.validUntilDay?.message}
        >
          <input
            type="date"
            {...describedBy('batch-until', errors.validUntilDay)}
            {...register('validUntilDay')}
          />
        </Field>
        <Field id="batch-channel" label="銷售通路" error={errors.channel?.message}>
          <select {...describedBy('batch-channel', errors.channel)} {...register('channel')}>
            <option value="">請選擇</option>
            {CHANNELS.map((channel) => (
              <option key={channel} value={channel}>
                {VOUCHER_CHANNEL_LABELS[channel]}
              </option>
            ))}
          </select>
        </Field>
        <div className="actions">
          <button type="submit" className="button" disabled={isSubmitting}>
            {isSubmitting ? '產生序號中…' : '產生序號'}
          </button>
        </div>
      </form>
    </>
  );
}
