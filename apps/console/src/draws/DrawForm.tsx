import { zodResolver } from '@hookform/resolvers/zod';
import {
  DRAW_ELIGIBILITY_LABELS,
  consoleDrawCalls,
  drawEligibilitySchema,
  type ConsoleDrawActivity,
} from '@site/contract/console';
import { useState } from 'react';
import { useFieldArray, useForm, type Path } from 'react-hook-form';
import { ConsoleCallError, call } from '../api/call';
import { formatTaipei } from '../time';
import { Alert } from '../ui/Alert';
import { Field, describedBy } from '../ui/form';
import {
  changeInput,
  drawFormSchema,
  formFieldOf,
  formValuesOf,
  lockedWhileRunning,
  newActivityInput,
  type DrawForm as DrawFormValues,
} from './activity-form';
import { formatOdds } from './labels';

const ELIGIBILITIES = drawEligibilitySchema.options;

/**
 * The activity form, new or editing (docs/adr/0049). While the activity runs its channel, start,
 * odds and who may draw are shown disabled (the server refuses a change to them), and a prize
 * already won from cannot be removed; the end and the quantities (never below won) stay open.
 */
export function DrawForm({
  activity,
  channels,
  onDone,
}: {
  activity?: ConsoleDrawActivity;
  channels: { channelId: string; name: string }[];
  onDone: (saved: ConsoleDrawActivity | null) => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  // A new activity's default window is the next full hour (read once, when the form opens).
  const [now] = useState(() => Math.floor(Date.now() / 1000));
  const locked = lockedWhileRunning(activity);
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<DrawFormValues>({
    resolver: zodResolver(drawFormSchema(activity)),
    defaultValues: formValuesOf(activity, now),
  });
  const prizes = useFieldArray({ control, name: 'prizes' });
  const wonOf = (prizeId?: string) =>
    activity?.prizes.find((p) => p.prizeId === prizeId && prizeId !== undefined)?.won ?? 0;

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const reply = activity
        ? await call(consoleDrawCalls.changeActivity, {
            ...changeInput(values, activity),
            activityId: activity.activityId,
          })
        : await call(consoleDrawCalls.createActivity, newActivityInput(values));
      onDone(reply.activity);
    } catch (error) {
      if (!(error instanceof ConsoleCallError)) {
        setFailure('發生未預期的錯誤，請再試一次。');
        return;
      }
      if (error.code === 'STALE_EDIT') {
        setFailure('這個活動已被他人修改，請取消後重新開啟編輯。');
        return;
      }
      for (const field of error.fields) {
        setError(formFieldOf(field.name) as Path<DrawFormValues>, {
          type: 'server',
          message: field.problem,
        });
      }
      // Problems of the pool as a whole have no one field: the alert says them.
      setFailure([error.message, ...error.fields.map((f) => f.problem)].join(' '));
    }
  });
  const poolProblem = errors.prizes?.message ?? errors.prizes?.root?.message;

  return (
    <form onSubmit={submit} noValidate className="form-grid">
      {failure && <Alert>{failure}</Alert>}
      {locked && (
        <Alert tone="info">
          活動進行中：頻道、開始時間、中獎機率與參加資格不能更改；結束時間可延後或提早（不早於現在），獎項數量不可少於已抽出的數量。
        </Alert>
      )}
      <Field id="draw-title" label="活動名稱" error={errors.title?.message}>
        <input
          type="text"
          maxLength={40}
          {...describedBy('draw-title', errors.title)}
          {...register('title')}
        />
      </Field>
      {locked && activity ? (
        // Kept as they are (not registered: the form's values are the activity's own).
        <dl className="facts">
          <dt>頻道</dt>
          <dd>
            {activity.channelName}（{activity.channelId}）
          </dd>
          <dt>開始時間</dt>
          <dd>{formatTaipei(activity.startAt)}（台北時間）</dd>
          <dt>中獎機率</dt>
          <dd>{formatOdds(activity.odds)}</dd>
          <dt>參加資格</dt>
          <dd>{DRAW_ELIGIBILITY_LABELS[activity.eligibility]}</dd>
        </dl>
      ) : (
        <>
          <Field id="draw-channel" label="頻道" error={errors.channelId?.message}>
            <select {...describedBy('draw-channel', errors.channelId)} {...register('channelId')}>
              <option value="">請選擇</option>
              {channels.map((c) => (
                <option key={c.channelId} value={c.channelId}>
                  {c.name}（{c.channelId}）
                </option>
              ))}
            </select>
          </Field>
          <Field
            id="draw-start"
            label="開始時間（台北時間）"
            hint="直播頁在開始時顯示紅包，結束時收起。"
            error={errors.start?.message}
          >
            <input
              type="datetime-local"
              {...describedBy('draw-start', errors.start, true)}
              {...register('start')}
            />
          </Field>
        </>
      )}
      <Field id="draw-end" label="結束時間（台北時間）" error={errors.end?.message}>
        <input
          type="datetime-local"
          {...describedBy('draw-end', errors.end)}
          {...register('end')}
        />
      </Field>
      {!locked && (
        <>
          <Field
            id="draw-odds"
            label="中獎機率（%）"
            hint="每次抽獎中獎的機會，0 到 100，最小單位 0.1%；獎項依序送出，送完即不再中獎。"
            error={errors.oddsPercent?.message}
          >
            <input
              type="text"
              inputMode="decimal"
              {...describedBy('draw-odds', errors.oddsPercent, true)}
              {...register('oddsPercent')}
            />
          </Field>
          <fieldset className="choices">
            <legend>參加資格</legend>
            {ELIGIBILITIES.map((value) => (
              <div className="check" key={value}>
                <input
                  type="radio"
                  id={`draw-eligibility-${value}`}
                  value={value}
                  {...register('eligibility')}
                />
                <label htmlFor={`draw-eligibility-${value}`}>
                  {DRAW_ELIGIBILITY_LABELS[value]}
                </label>
              </div>
            ))}
          </fieldset>
        </>
      )}
      <fieldset className="prizes">
        <legend>獎項（依序送出）</legend>
        {poolProblem && (
          <p className="field__error" role="alert">
            {poolProblem}
          </p>
        )}
        {prizes.fields.map((field, i) => {
          const won = wonOf(field.prizeId);
          const problem = errors.prizes?.[i];
          return (
            <div className="prize-row" key={field.id}>
              <Field
                id={`draw-prize-${i}-name`}
                label={`獎項 ${i + 1} 名稱`}
                error={problem?.name?.message}
              >
                <input
                  type="text"
                  maxLength={40}
                  {...describedBy(`draw-prize-${i}-name`, problem?.name)}
                  {...register(`prizes.${i}.name`)}
                />
              </Field>
              <Field
                id={`draw-prize-${i}-quantity`}
                label={`獎項 ${i + 1} 數量`}
                {...(won > 0 ? { hint: `已抽出 ${won} 個` } : {})}
                error={problem?.quantity?.message}
              >
                <input
                  type="text"
                  inputMode="numeric"
                  {...describedBy(`draw-prize-${i}-quantity`, problem?.quantity, won > 0)}
                  {...register(`prizes.${i}.quantity`)}
                />
              </Field>
              {won === 0 && prizes.fields.length > 1 && (
                <button
                  type="button"
                  className="button button--quiet"
                  onClick={() => prizes.remove(i)}
                >
                  移除獎項 {i + 1}
                </button>
              )}
            </div>
          );
        })}
        <button
          type="button"
          className="button button--quiet"
          onClick={() => prizes.append({ name: '', quantity: '1' })}
        >
          新增獎項
        </button>
      </fieldset>
      <div className="actions">
        <button type="submit" className="button" disabled={isSubmitting}>
          {isSubmitting ? '儲存中…' : activity ? '儲存變更' : '建立活動'}
        </button>
        <button type="button" className="button button--quiet" onClick={() => onDone(null)}>
          取消
        </button>
      </div>
    </form>
  );
}
