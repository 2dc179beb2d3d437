import { zodResolver } from '@hookform/resolvers/zod';
import { consoleCatalogueCalls, newTitleSchema, type ConsoleTitle } from '@site/contract/console';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { call } from '../api/call';
import { KIND_LABELS } from '../labels';
import { Alert } from '../ui/Alert';
import { Dialog } from '../ui/Dialog';
import { Field, describedBy, showCallError } from '../ui/form';
import { newTitleInput, newTitleFormSchema, type NewTitleForm } from './new-title';

const KINDS = newTitleSchema.shape.kind.options;

/** 新增影片: a draft with what an editor knows first; on success the caller opens its page. */
export function NewTitleDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (title: ConsoleTitle) => void;
}) {
  return (
    <Dialog title="新增影片" onClose={onClose}>
      <NewTitleFormBody onCreated={onCreated} />
    </Dialog>
  );
}

function NewTitleFormBody({ onCreated }: { onCreated: (title: ConsoleTitle) => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const [seriesText, setSeriesText] = useState('');
  const [seriesQuery, setSeriesQuery] = useState('');
  const categories = useQuery({
    queryKey: ['console', 'categories'],
    queryFn: async () => (await call(consoleCatalogueCalls.listCategories)).categories,
    staleTime: 60_000,
  });
  const {
    register,
    handleSubmit,
    control,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof newTitleFormSchema>, unknown, NewTitleForm>({
    resolver: zodResolver(newTitleFormSchema),
    defaultValues: {
      kind: 'movie',
      name: '',
      mainCategoryId: '',
      subcategoryId: '',
      year: new Date().getFullYear(),
      seriesId: '',
      seasonNo: '',
      episodeNo: '',
    },
  });
  const kind = useWatch({ control, name: 'kind' });
  const mainCategoryId = useWatch({ control, name: 'mainCategoryId' });
  const subcategories =
    categories.data?.find((category) => category.id === mainCategoryId)?.subcategories ?? [];
  const series = useQuery({
    queryKey: ['console', 'titles', 'series-picker', seriesQuery],
    queryFn: () =>
      call(consoleCatalogueCalls.listTitles, {
        kind: 'series',
        q: seriesQuery || undefined,
        sort: 'name',
        order: 'asc',
        pageSize: 20,
      }),
    enabled: kind === 'episode',
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const reply = await call(consoleCatalogueCalls.createTitle, newTitleInput(values));
      onCreated(reply.title);
    } catch (error) {
      setFailure(
        showCallError(error, setError, [
          'name',
          'mainCategoryId',
          'subcategoryId',
          'year',
          'seriesId',
          'seasonNo',
          'episodeNo',
        ]),
      );
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      {failure && <Alert>{failure}</Alert>}
      {categories.isError && <Alert>{categories.error.message}</Alert>}
      <fieldset className="choices">
        <legend>類型</legend>
        {KINDS.map((value) => (
          <div className="check" key={value}>
            <input type="radio" id={`new-kind-${value}`} value={value} {...register('kind')} />
            <label htmlFor={`new-kind-${value}`}>{KIND_LABELS[value]}</label>
          </div>
        ))}
      </fieldset>
      <Field id="new-name" label="片名" error={errors.name?.message}>
        <input type="text" {...describedBy('new-name', errors.name)} {...register('name')} />
      </Field>
      <Field id="new-main" label="主分類" error={errors.mainCategoryId?.message}>
        <select
          {...describedBy('new-main', errors.mainCategoryId)}
          {...register('mainCategoryId', {
            onChange: () => setValue('subcategoryId', ''),
          })}
        >
          <option value="">{categories.isPending ? '載入中…' : '請選擇'}</option>
          {categories.data?.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </select>
      </Field>
      <Field id="new-sub" label="子分類" error={errors.subcategoryId?.message}>
        <select
          {...describedBy('new-sub', errors.subcategoryId)}
          {...register('subcategoryId')}
          disabled={subcategories.length === 0}
        >
          <option value="">{mainCategoryId ? '請選擇' : '請先選主分類'}</option>
          {subcategories.map((sub) => (
            <option key={sub.id} value={sub.id}>
              {sub.name}
            </option>
          ))}
        </select>
      </Field>
      <Field id="new-year" label="年份" error={errors.year?.message}>
        <input
          type="number"
          inputMode="numeric"
          {...describedBy('new-year', errors.year)}
          {...register('year', { valueAsNumber: true })}
        />
      </Field>
      {kind === 'episode' && (
        <fieldset className="choices">
          <legend>所屬影集</legend>
          <div className="inline-search">
            <Field id="new-series-q" label="搜尋影集">
              <input
                id="new-series-q"
                type="search"
                value={seriesText}
                onChange={(event) => setSeriesText(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    setSeriesQuery(seriesText.trim());
                  }
                }}
              />
            </Field>
            <button
              type="button"
              className="button button--quiet"
              onClick={() => setSeriesQuery(seriesText.trim())}
            >
              搜尋
            </button>
          </div>
          <Field id="new-series" label="選擇影集" error={errors.seriesId?.message}>
            <select {...describedBy('new-series', errors.seriesId)} {...register('seriesId')}>
              <option value="">
                {series.isFetching
                  ? '載入中…'
                  : series.data?.titles.length
                    ? '請選擇'
                    : '找不到影集'}
              </option>
              {series.data?.titles.map((title) => (
                <option key={title.contentId} value={title.contentId}>
                  {title.name}（{title.contentId}）
                </option>
              ))}
            </select>
          </Field>
          <Field id="new-season" label="第幾季" error={errors.seasonNo?.message}>
            <input
              type="number"
              inputMode="numeric"
              min={1}
              {...describedBy('new-season', errors.seasonNo)}
              {...register('seasonNo')}
            />
          </Field>
          <Field id="new-episode" label="第幾集" error={errors.episodeNo?.message}>
            <input
              type="number"
              inputMode="numeric"
              min={1}
              {...describedBy('new-episode', errors.episodeNo)}
              {...register('episodeNo')}
            />
          </Field>
        </fieldset>
      )}
      <div className="actions">
        <button type="submit" className="button" disabled={isSubmitting}>
          {isSubmitting ? '新增中…' : '新增草稿'}
        </button>
      </div>
    </form>
  );
}
