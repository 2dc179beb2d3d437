import { useId, useState, type RefObject } from 'react';
import { useSearchParams } from 'react-router';
import { PAGE_SIZE, type LoginInfo, type VideoListItem } from '@site/contract';
import { deleteViewRecord, useViewRecord } from '../../api/lists';
import { formatDateTime } from '../../features/catalogue/format';
import { Dialog } from '../../features/dialog/Dialog';
import { t } from '../../i18n/zh-TW';
import { ListBody } from './ListBody';
import { ListEntry } from './ListEntry';
import { isBackwards, monthOptions, parseMonth } from './period';
import { PlayOrEpisodes } from './PlayOrEpisodes';
import { ProgramHistory } from './ProgramHistory';
import { useListAction } from './use-list-action';

type PeriodKey = 'periodStartMonth' | 'periodEndMonth';

function MonthSelect({
  name,
  label,
  value,
  onChange,
}: {
  name: PeriodKey;
  label: string;
  value: string | undefined;
  onChange: (key: PeriodKey, value: string) => void;
}) {
  const id = useId();
  const options = monthOptions(new Date());
  return (
    <div className="period__field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        value={value ?? ''}
        onChange={(event) => onChange(name, event.target.value)}
      >
        <option value="">{t.myList.anyMonth}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {t.myList.month(option.year, option.month)}
          </option>
        ))}
        {value && !options.some((o) => o.value === value) ? (
          <option value={value}>{value}</option>
        ) : null}
      </select>
    </div>
  );
}

/**
 * Play history (GET ajaxFindViewRecord.do) with a month period kept in the URL; delete a record.
 * Under it, 回看紀錄: the live programmes watched from their start (issue 24).
 */
export function HistoryList({
  info,
  startIndex,
  heading,
}: {
  info: LoginInfo;
  startIndex: number;
  heading: RefObject<HTMLHeadingElement | null>;
}) {
  const [search, setSearch] = useSearchParams();
  const period = {
    periodStartMonth: parseMonth(search.get('periodStartMonth')),
    periodEndMonth: parseMonth(search.get('periodEndMonth')),
  };
  const backwards = isBackwards(period.periodStartMonth, period.periodEndMonth);
  const query = useViewRecord(info, startIndex, PAGE_SIZE, period);
  const action = useListAction(info, heading);
  const items = query.data?.videoList.video;
  const name = t.listTypes.history;
  // The record asked about in the confirm dialog (issue 20 item 18): a deletion cannot be undone.
  const [asking, setAsking] = useState<VideoListItem | null>(null);
  const confirmDelete = (item: VideoListItem) => {
    setAsking(null);
    void action.run(
      item.contentId,
      () => deleteViewRecord(item),
      t.myList.recordDeleted(item.contentName),
    );
  };

  const onPeriod = (key: PeriodKey, value: string) => {
    const next = new URLSearchParams(search);
    if (value) next.set(key, value);
    else next.delete(key);
    next.delete('startIndex');
    setSearch(next);
  };

  return (
    <>
      <fieldset className="period">
        <legend>{t.myList.period}</legend>
        <MonthSelect
          name="periodStartMonth"
          label={t.myList.periodStart}
          value={period.periodStartMonth}
          onChange={onPeriod}
        />
        <MonthSelect
          name="periodEndMonth"
          label={t.myList.periodEnd}
          value={period.periodEndMonth}
          onChange={onPeriod}
        />
        {backwards ? (
          <p className="period__error" role="alert">
            {t.myList.periodInvalid}
          </p>
        ) : null}
      </fieldset>
      <p
        className={`my-list__status${action.error ? ' my-list__status--error' : ''}`}
        aria-live="polite"
      >
        {action.message}
      </p>
      {/* A backwards period has no records to show: its error alone, not also 目前沒有影片. */}
      {backwards ? null : (
        <ListBody
          name={name}
          query={query}
          count={items?.length}
          totalCount={query.data?.totalCount ?? 0}
          startIndex={startIndex}
          busy={query.isPlaceholderData}
        >
          {items?.map((item) => (
            <ListEntry
              key={item.contentId}
              video={item}
              meta={
                item.lastViewedAt ? (
                  <p className="list-entry__meta">
                    {t.myList.lastViewed(formatDateTime(item.lastViewedAt))}
                  </p>
                ) : undefined
              }
              actions={
                <>
                  <PlayOrEpisodes video={item} />
                  <button
                    type="button"
                    className="button"
                    aria-label={t.myList.deleteRecordName(item.contentName)}
                    disabled={action.pending === item.contentId}
                    onClick={() => setAsking(item)}
                  >
                    {t.myList.deleteRecord}
                  </button>
                </>
              }
            />
          ))}
        </ListBody>
      )}
      <ProgramHistory info={info} />
      {asking ? (
        <Dialog
          title={t.myList.deleteRecordTitle(asking.contentName)}
          description={<p>{t.myList.deleteRecordDescription}</p>}
          onClose={() => setAsking(null)}
        >
          <div className="dialog__actions">
            <button type="button" className="button" onClick={() => setAsking(null)} data-autofocus>
              {t.common.cancel}
            </button>
            <button
              type="button"
              className="button button--danger"
              onClick={() => confirmDelete(asking)}
            >
              {t.myList.deleteRecord}
            </button>
          </div>
        </Dialog>
      ) : null}
    </>
  );
}
