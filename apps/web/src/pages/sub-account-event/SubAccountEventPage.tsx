import { usePageTitle } from '../../app/page-title';
import { t } from '../../i18n/zh-TW';

export default function SubAccountEventPage() {
  usePageTitle(t.pageTitles.subAccountEvent);
  return (
    <div className="page">
      <div>
        <h1>{t.pageTitles.subAccountEvent}</h1>
        <p className="page__intro">{t.subAccountEvent.intro}</p>
      </div>
      <p className="message">{t.subAccountEvent.none}</p>
    </div>
  );
}
