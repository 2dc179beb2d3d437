import { useState } from 'react';
import { Dialog } from '../../features/dialog/Dialog';
import { preloadHls } from '../../features/player/load-hls';
import { Player } from '../../features/player/Player';
import { t } from '../../i18n/zh-TW';

/** 預告片: the trailer in the site's player, inside a modal dialog. */
export function TrailerButton({ name, src }: { name: string; src: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button"
        onPointerEnter={preloadHls}
        onFocus={preloadHls}
        onClick={() => setOpen(true)}
      >
        {t.details.trailer}
      </button>
      {open ? (
        <Dialog title={t.details.trailerTitle(name)} size="wide" onClose={() => setOpen(false)}>
          <div className="trailer">
            <Player key={src} src={src} title={t.details.trailerTitle(name)} autoPlay />
          </div>
          <div className="dialog__actions">
            <button type="button" className="button" data-autofocus onClick={() => setOpen(false)}>
              {t.details.close}
            </button>
          </div>
        </Dialog>
      ) : null}
    </>
  );
}
