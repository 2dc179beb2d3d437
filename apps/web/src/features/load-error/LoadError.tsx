import { useState } from 'react';
import { t } from '../../i18n/zh-TW';
import { loadErrorMessage } from './load-error';
import './LoadError.css';

/**
 * The one way a page (or a part of it) says its data failed to load (issue 20 item 15;
 * docs/adr/0030): the reason in an alert, and 重試, which asks again. While the retry runs the
 * button says so and cannot be pressed twice; a retry that fails again leaves the alert as it was.
 */
export function LoadError({
  error,
  onRetry,
  title,
  className = '',
}: {
  error: unknown;
  /** Asks again (a query's refetch); the component waits for it. */
  onRetry: () => unknown;
  /** What failed, above the reason ('首頁內容' …); omitted, the reason alone. */
  title?: string;
  className?: string;
}) {
  const [retrying, setRetrying] = useState(false);
  const retry = async () => {
    if (retrying) return;
    setRetrying(true);
    try {
      await onRetry();
    } finally {
      setRetrying(false);
    }
  };
  return (
    <div className={`message message--error load-error ${className}`.trim()} role="alert">
      {title ? <p className="load-error__title">{title}</p> : null}
      <p>{loadErrorMessage(error)}</p>
      <button
        type="button"
        className="button"
        aria-disabled={retrying}
        onClick={() => void retry()}
      >
        {retrying ? t.common.retrying : t.common.retry}
      </button>
    </div>
  );
}
