import { zodResolver } from '@hookform/resolvers/zod';
import {
  consoleCatalogueCalls,
  titleFieldsSchema,
  type ConsoleTitle,
  type StaffSelf,
} from '@site/contract/console';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { ConsoleCallError, call } from '../api/call';
import { mayEditTitles } from '../api/session';
import { OffersPanel } from '../catalogue/OffersPanel';
import { PeoplePanel } from '../catalogue/PeoplePanel';
import { PicturesPanel } from '../catalogue/PicturesPanel';
import { missingForPublish } from '../catalogue/pictures';
import { TitleFacts } from '../catalogue/TitleFacts';
import {
  FIELD_LABELS,
  changedFields,
  formSchema,
  formValues,
  showField,
  type FieldName,
} from '../catalogue/title-form';
import { ClipPanel } from '../media/ClipPanel';
import { GRADE_LABELS, SELL_TYPE_LABELS } from '../labels';
import { Alert } from '../ui/Alert';
import { Field, describedBy, showCallError } from '../ui/form';
import { StaleEditNotice, staleChanges, type StaleChange } from '../ui/StaleEdit';

export function TitleEditPage({ staff }: { staff: StaffSelf }) {
  const { contentId = '' } = useParams();
  const queryClient = useQueryClient();
  const key = ['console', 'title', contentId];
  // What the last change did, for the title it was made on only.
  const [notice, setNotice] = useState<{ contentId: string; text: string } | null>(null);
  const title = useQuery({
    queryKey: key,
    queryFn: async () => (await call(consoleCatalogueCalls.getTitle, { contentId })).title,
  });
  useEffect(() => {
    document.title = `${title.data?.name ?? '影片'} — 營運後台`;
  }, [title.data?.name]);

  if (title.isPending) return <p aria-busy="true">載入中…</p>;
  if (title.isError) {
    return (
      <>
        <h1>影片</h1>
        <Alert>{title.error.message}</Alert>
        <Link to="/titles">回到影片清單</Link>
      </>
    );
  }
  const onSaved = (saved: ConsoleTitle, what: string) => {
    queryClient.setQueryData(key, saved);
    setNotice({ contentId, text: `${what}（版本 ${saved.version}）。` });
    void queryClient.invalidateQueries({ queryKey: ['console', 'titles'] });
  };
  const onChanged = async (text: string) => {
    setNotice({ contentId, text });
    await queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: ['console', 'titles'] });
  };
  const onReload = async () => {
    setNotice(null);
    await queryClient.invalidateQueries({ queryKey: key });
    await queryClient.invalidateQueries({ queryKey: ['console', 'titles'] });
  };
  return (
    <>
      <TitleForm
        key={title.data.contentId}
        title={title.data}
        editable={mayEditTitles(staff.roles)}
        notice={notice?.contentId === contentId ? notice.text : null}
        onSaved={onSaved}
        onChanged={onChanged}
        onReload={onReload}
      />
      <PeoplePanel
        key={`people:${title.data.contentId}:${title.data.version}`}
        title={title.data}
        editable={mayEditTitles(staff.roles)}
        onSaved={(version) => {
          void onReload();
          setNotice({ contentId, text: `已儲存演員與導演（版本 ${version}）。` });
        }}
        onStale={() => void onReload()}
      />
      <OffersPanel
        title={title.data}
        editable={mayEditTitles(staff.roles)}
        onSaved={(version) => {
          void onReload();
          setNotice({ contentId, text: `已儲存價格（版本 ${version}）。` });
        }}
        onStale={() => void onReload()}
      />
      <PicturesPanel
        title={title.data}
        editable={mayEditTitles(staff.roles)}
        onUploaded={onSaved}
        onStale={() => void onReload()}
      />
    </>
  );
}

function TitleForm({
  title,
  editable,
  notice,
  onSaved,
  onChanged,
  onReload,
}: {
  title: ConsoleTitle;
  editable: boolean;
  notice: string | null;
  onSaved: (title: ConsoleTitle, what: string) => void;
  /** A change made by another call (the clip attached): the title is loaded again. */
  onChanged: (text: string) => Promise<void>;
  onReload: () => Promise<void>;
}) {
  // A refusal belongs to the version it was met on: a newer version (a picture uploaded, the
  // clip attached, the latest loaded) hides it.
  const [failureAt, setFailureAt] = useState<{ version: number; text: string } | null>(null);
  const [staleAt, setStaleAt] = useState<{ version: number; changes: StaleChange[] } | null>(null);
  const failure = failureAt?.version === title.version ? failureAt.text : null;
  const stale = staleAt?.version === title.version ? staleAt.changes : null;
  const setFailure = (text: string | null) =>
    setFailureAt(text === null ? null : { version: title.version, text });
  const setStale = (changes: StaleChange[] | null) =>
    setStaleAt(changes === null ? null : { version: title.version, changes });
  const [busy, setBusy] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, dirtyFields, isDirty },
  } = useForm({ resolver: zodResolver(formSchema), defaultValues: formValues(title) });
  // A new version from this form's own save starts it afresh; one from elsewhere (a picture
  // uploaded, the clip attached) keeps what the editor typed and has not saved yet (issue 22).
  const [savedVersion, setSavedVersion] = useState<number | null>(null);
  const version = title.version;
  useEffect(() => {
    reset(formValues(title), { keepDirtyValues: version !== savedVersion });
    // Only a new version resets: loading the same version again leaves the form as it is.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [version, reset]);

  const loaded: Record<string, unknown> = { ...title };

  const refused = (error: unknown) => {
    if (error instanceof ConsoleCallError && error.code === 'STALE_EDIT') {
      setStale(staleChanges(error.fields, loaded, FIELD_LABELS, showField));
      return;
    }
    setFailure(showCallError(error, setError, Object.keys(FIELD_LABELS)));
  };

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    const changes = changedFields(values, Object.keys(dirtyFields) as FieldName[]);
    setBusy(true);
    try {
      const reply = await call(consoleCatalogueCalls.changeTitle, {
        ...changes,
        contentId: title.contentId,
        version: title.version,
      });
      setSavedVersion(reply.title.version);
      onSaved(reply.title, '已儲存');
    } catch (error) {
      refused(error);
    } finally {
      setBusy(false);
    }
  });

  const changeState = async (to: 'publish' | 'unpublish') => {
    setFailure(null);
    setBusy(true);
    try {
      const description =
        to === 'publish'
          ? consoleCatalogueCalls.publishTitle
          : consoleCatalogueCalls.unpublishTitle;
      const reply = await call(description, { contentId: title.contentId, version: title.version });
      setSavedVersion(reply.title.version);
      onSaved(reply.title, to === 'publish' ? '已發布' : '已下架');
    } catch (error) {
      const missing = error instanceof ConsoleCallError ? missingForPublish(error.fields) : [];
      if (missing.length) setFailure(`尚不能發布，還缺：${missing.join('、')}。`);
      else refused(error);
    } finally {
      setBusy(false);
    }
  };

  const text = (name: FieldName, label: string, options: { hint?: string } = {}) => (
    <Field id={`f-${name}`} label={label} error={errors[name]?.message} {...options}>
      <input
        type="text"
        {...describedBy(`f-${name}`, errors[name], Boolean(options.hint))}
        {...register(name)}
      />
    </Field>
  );
  const check = (name: 'isRestricted' | 'isSexual' | 'kidSafe', label: string) => (
    <div className="check">
      <input type="checkbox" id={`f-${name}`} {...register(name)} />
      <label htmlFor={`f-${name}`}>{label}</label>
    </div>
  );

  return (
    <>
      <p>
        <Link to="/titles">← 影片清單</Link>
      </p>
      <h1>{title.name}</h1>
      <TitleFacts title={title} />
      {stale && <StaleEditNotice changes={stale} onReload={() => void onReload()} />}
      {failure && <Alert>{failure}</Alert>}
      {notice && !stale && !failure && (
        <p role="status" className="alert alert--info">
          {notice}
        </p>
      )}
      {editable && (
        <div className="actions">
          {title.state === 'draft' ? (
            <button
              type="button"
              className="button"
              disabled={busy || isDirty}
              onClick={() => void changeState('publish')}
            >
              發布
            </button>
          ) : (
            <button
              type="button"
              className="button button--danger"
              disabled={busy || isDirty}
              onClick={() => void changeState('unpublish')}
            >
              下架
            </button>
          )}
          {isDirty && <span className="hint">請先儲存或放棄修改，再發布或下架。</span>}
        </div>
      )}
      <ClipPanel
        title={title}
        editable={editable}
        busy={busy}
        dirty={isDirty}
        onBusy={setBusy}
        onAttached={(text) => {
          setFailure(null);
          setStale(null);
          void onChanged(text);
        }}
        onRefused={refused}
      />
      <form onSubmit={submit} noValidate>
        <fieldset disabled={!editable || busy} className="form-grid">
          <legend>{editable ? '編輯影片資料' : '影片資料（您的角色只能檢視）'}</legend>
          {text('name', FIELD_LABELS.name!)}
          <Field id="f-synopsis" label={FIELD_LABELS.synopsis!} error={errors.synopsis?.message}>
            <textarea
              rows={5}
              {...describedBy('f-synopsis', errors.synopsis)}
              {...register('synopsis')}
            />
          </Field>
          <Field id="f-year" label={FIELD_LABELS.year!} error={errors.year?.message}>
            <input
              type="number"
              inputMode="numeric"
              {...describedBy('f-year', errors.year)}
              {...register('year', { valueAsNumber: true })}
            />
          </Field>
          {title.kind === 'episode' && (
            <>
              <Field
                id="f-seasonNo"
                label={FIELD_LABELS.seasonNo!}
                error={errors.seasonNo?.message}
              >
                <input
                  type="number"
                  inputMode="numeric"
                  min={1}
                  {...describedBy('f-seasonNo', errors.seasonNo)}
                  {...register('seasonNo', { valueAsNumber: true })}
                />
              </Field>
              <Field
                id="f-episodeNo"
                label={FIELD_LABELS.episodeNo!}
                error={errors.episodeNo?.message}
                hint="網站上的上一集／下一集依季數與集數排序。"
              >
                <input
                  type="number"
                  inputMode="numeric"
                  min={1}
                  {...describedBy('f-episodeNo', errors.episodeNo, true)}
                  {...register('episodeNo', { valueAsNumber: true })}
                />
              </Field>
            </>
          )}
          {text('country', FIELD_LABELS.country!)}
          {text('mainCategoryId', FIELD_LABELS.mainCategoryId!)}
          {text('subcategoryId', FIELD_LABELS.subcategoryId!)}
          <Field id="f-grade" label={FIELD_LABELS.grade!} error={errors.grade?.message}>
            <select {...describedBy('f-grade', errors.grade)} {...register('grade')}>
              {titleFieldsSchema.shape.grade.options.map((grade) => (
                <option key={grade} value={grade}>
                  {GRADE_LABELS[grade]}
                </option>
              ))}
            </select>
          </Field>
          <Field id="f-sellType" label={FIELD_LABELS.sellType!} error={errors.sellType?.message}>
            <select {...describedBy('f-sellType', errors.sellType)} {...register('sellType')}>
              {titleFieldsSchema.shape.sellType.options.map((sellType) => (
                <option key={sellType} value={sellType}>
                  {SELL_TYPE_LABELS[sellType]}
                </option>
              ))}
            </select>
          </Field>
          <Field id="f-price" label={FIELD_LABELS.price!} error={errors.price?.message}>
            <input
              type="number"
              inputMode="numeric"
              min={0}
              {...describedBy('f-price', errors.price)}
              {...register('price', { valueAsNumber: true })}
            />
          </Field>
          <Field
            id="f-onShelfAt"
            label={`${FIELD_LABELS.onShelfAt!}（台北時間）`}
            error={errors.onShelfAt?.message}
          >
            <input
              type="datetime-local"
              {...describedBy('f-onShelfAt', errors.onShelfAt)}
              {...register('onShelfAt')}
            />
          </Field>
          <Field
            id="f-offShelfAt"
            label={`${FIELD_LABELS.offShelfAt!}（台北時間，空白表示不下架）`}
            error={errors.offShelfAt?.message}
          >
            <input
              type="datetime-local"
              {...describedBy('f-offShelfAt', errors.offShelfAt)}
              {...register('offShelfAt')}
            />
          </Field>
          <fieldset className="checks">
            <legend>觀看限制</legend>
            {check('isRestricted', FIELD_LABELS.isRestricted!)}
            {check('isSexual', FIELD_LABELS.isSexual!)}
            {check('kidSafe', FIELD_LABELS.kidSafe!)}
          </fieldset>
          {editable && (
            <div className="actions">
              <button type="submit" className="button" disabled={!isDirty || busy}>
                {busy ? '儲存中…' : '儲存'}
              </button>
            </div>
          )}
        </fieldset>
      </form>
    </>
  );
}
