import { Dialog } from '../../features/dialog/Dialog';
import { safeSubscribeUrl, type SubscribeWordings } from './live-rules';

/**
 * SPEC §2 part 5: the subscription modal, shown only when the channel carries all four
 * wordings (SPEC §5): the alert text, 'next' to SUBSCRIBE_URL, and cancel.
 */
export function SubscribeDialog({
  channelName,
  wordings,
  onClose,
}: {
  channelName: string;
  wordings: SubscribeWordings;
  onClose: () => void;
}) {
  const url = safeSubscribeUrl(wordings.SUBSCRIBE_URL);
  return (
    <Dialog
      title={channelName}
      description={<p>{wordings.CHANNEL_FOR_LUXURY_SERVICE}</p>}
      onClose={onClose}
    >
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose}>
          {wordings.CANCEL_SUBSCRIBE}
        </button>
        {url ? (
          <a className="button button--primary" href={url} data-autofocus>
            {wordings.CHANNEL_TO_SUBSCRIBE}
          </a>
        ) : null}
      </div>
    </Dialog>
  );
}
