import { PAGE_SIZE, type LoginInfo } from '@site/contract';
import { useRentalList } from '../../api/lists';
import { t } from '../../i18n/zh-TW';
import { ListBody } from './ListBody';
import { ListEntry } from './ListEntry';
import { PlayOrEpisodes } from './PlayOrEpisodes';

/**
 * Rentals and purchases (ajaxFindRentalVideoList2.do): state (未開始/觀看中/已購買/已到期),
 * expiry and running time as the server words them. The reply is whole; pages of 20 are cut here.
 */
export function PurchasedList({ info, startIndex }: { info: LoginInfo; startIndex: number }) {
  const query = useRentalList(info);
  const all = query.data?.videoList.video;
  const items = all?.slice(startIndex, startIndex + PAGE_SIZE);

  return (
    <ListBody
      name={t.listTypes.purchased}
      query={query}
      count={items?.length}
      totalCount={all?.length ?? 0}
      startIndex={startIndex}
    >
      {items?.map((item) => (
        <ListEntry
          key={`${item.entitlementKind}-${item.contentId}`}
          video={item}
          meta={
            <p className="list-entry__meta">
              <span className={`rental-state rental-state--${item.rentalState}`}>
                {t.myList.rentalStates[item.rentalState]}
              </span>{' '}
              {t.myList.rentalKinds[item.entitlementKind]}
              {item.expiryText ? ` · ${item.expiryText}` : ''}
              {item.durationText ? ` · ${t.myList.duration(item.durationText)}` : ''}
            </p>
          }
          actions={item.rentalState === 'expired' ? null : <PlayOrEpisodes video={item} />}
        />
      ))}
    </ListBody>
  );
}
