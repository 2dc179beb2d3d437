import { t } from '../i18n/zh-TW';

export function PageLoading() {
  return (
    <p className="page-loading" role="status">
      {t.common.loading}
    </p>
  );
}
