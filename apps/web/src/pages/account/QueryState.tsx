import type { ReactNode } from 'react';
import { LoadError } from '../../features/load-error/LoadError';
import { t } from '../../i18n/zh-TW';

interface QueryLike<T> {
  data: T | undefined;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** A section's data: the failure with 重試, 載入中…, or what to show once it is here. */
export function QueryState<T>({
  query,
  children,
}: {
  query: QueryLike<T>;
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError) return <LoadError error={query.error} onRetry={() => query.refetch()} />;
  return <p role="status">{t.common.loading}</p>;
}
