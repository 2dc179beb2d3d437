import { useCallback, useId, useRef, useState } from 'react';
import { t } from '../../i18n/zh-TW';
import { useDismiss } from '../../features/dialog/use-dismiss';
import {
  browserCopyMeans,
  copyShareLink,
  facebookShareUrl,
  lineShareUrl,
  type CopyOutcome,
} from './share';
import './SharePanel.css';

const outcomeText: Record<CopyOutcome, string> = {
  empty: t.share.noShareableLink,
  link: t.share.linkCopied,
  text: t.share.textCopied,
  failed: t.live.copyFailed,
};

/** The share button of the video area (SPEC §2 part 1): facebook, LINE, copy link. */
export function SharePanel({ link, label = t.live.shareMenu }: { link: string; label?: string }) {
  const [open, setOpen] = useState(false);
  const [outcome, setOutcome] = useState<CopyOutcome | undefined>();
  const menuId = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, boxRef, openerRef);

  const copy = async () => {
    setOutcome(undefined);
    setOutcome(await copyShareLink(link, browserCopyMeans()));
  };
  const external = (url: string) => (link ? url : undefined);

  return (
    <div className="live-share" ref={boxRef}>
      <button
        ref={openerRef}
        type="button"
        className="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => {
          setOpen((was) => !was);
          setOutcome(undefined);
        }}
      >
        {t.live.share}
      </button>
      <div id={menuId} className="live-share__menu" hidden={!open} role="group" aria-label={label}>
        {link ? (
          <>
            <a
              className="button"
              href={external(facebookShareUrl(link))}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t.live.shareFacebook}
            </a>
            <a
              className="button"
              href={external(lineShareUrl(link))}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t.live.shareLine}
            </a>
          </>
        ) : null}
        <button type="button" className="button" onClick={() => void copy()}>
          {t.live.copyLink}
        </button>
        {outcome === 'failed' ? (
          <input
            type="url"
            name="shareLink"
            className="live-share__field"
            readOnly
            value={link}
            aria-label={t.live.shareLinkLabel}
            onFocus={(e) => e.currentTarget.select()}
          />
        ) : null}
        {/* Inside the menu, under 複製連結: above the button it went under the sticky header. */}
        <p className="live-share__status" role="status">
          {outcome ? outcomeText[outcome] : ''}
        </p>
      </div>
    </div>
  );
}
