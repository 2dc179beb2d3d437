import type { Dispatch, ReactNode } from 'react';
import { Link } from 'react-router';
import { appLinkFor, openAppLink } from '../../features/app-link/app-link';
import { StreamLimitRefusal, StreamStopped } from '../../features/devices/StreamLimit';
import { t } from '../../i18n/zh-TW';
import { paths } from '../../routing/paths';
import { LivePlayback } from './LivePlayback';
import type { LiveChannelEvent, LiveChannelState } from './use-live-channel';
import type { WatchLimit } from './watch-limit';

/** A still picture of the channel with one control over it (external, app, simple play …). */
export function Still({ picture, children }: { picture: string; children?: ReactNode }) {
  return (
    <div className="live-still">
      {picture ? <img className="live-still__image" src={picture} alt="" /> : null}
      <div className="live-still__over">{children}</div>
    </div>
  );
}

function StillMessage({ picture, children }: { picture: string; children: ReactNode }) {
  return (
    <Still picture={picture}>
      <p className="live-area__message live-area__message--alert" role="alert">
        {children}
      </p>
    </Still>
  );
}

function Loading({ picture }: { picture: string }) {
  return (
    <Still picture={picture}>
      <p className="live-area__message" role="status">
        {t.live.loadingChannel}
      </p>
    </Still>
  );
}

export interface ChannelStageBodyProps {
  state: LiveChannelState;
  dispatch: Dispatch<LiveChannelEvent>;
  /** Switch again (a fresh live edge, signed URL and stream lease). */
  retry: () => void;
  /** The page does not know its channel yet: a still's box meanwhile (LiveChannelAreaProps). */
  waiting: boolean;
  name: string;
  picture: string;
  /** SPEC §3 deviceType; undefined until known. */
  deviceType: string | undefined;
  limit: WatchLimit | undefined;
  limited: boolean;
  onOpenExternal: () => void;
  onOpenSubscribe: () => void;
}

/**
 * What the stage shows for the channel's state when no programme plays there: a still while it
 * switches, the refusal or alert when it failed, and for a reply whatever it means here
 * (live-rules.ts): the player, a pop-up's way in, the app link, the simple player's way in, the
 * subscription's, or the reply's message.
 */
export function ChannelStageBody(props: ChannelStageBodyProps) {
  const { state, dispatch, retry, name, picture, deviceType, limit, limited } = props;
  if (state.phase === 'idle') {
    return props.waiting ? (
      <Loading picture={picture} />
    ) : (
      <p className="live-area__message">{t.live.noChannel}</p>
    );
  }
  if (state.phase === 'switching') return <Loading picture={picture} />;
  if (state.phase === 'failed' && state.streams) {
    // Too many devices playing (STREAM_LIMIT): stopping one of them switches again.
    return (
      <div className="live-area__refusal">
        <StreamLimitRefusal message={state.message} streams={state.streams} onRetry={retry} />
      </div>
    );
  }
  // Another device stopped this play: the player is gone; 重新播放 switches again.
  if (state.phase === 'stopped')
    return <StreamStopped message={state.message} onPlayAgain={retry} />;
  if (state.phase === 'failed' || state.phase === 'ended') {
    return <StillMessage picture={picture}>{state.message}</StillMessage>;
  }

  const bean = state.data.channelBean;
  const view = state.view;
  switch (view.kind) {
    case 'message':
      return <StillMessage picture={picture}>{view.message}</StillMessage>;
    case 'youtube':
    case 'twitch':
      return (
        <Still picture={picture}>
          <button type="button" className="button button--primary" onClick={props.onOpenExternal}>
            {t.live.openExternal}
          </button>
        </Still>
      );
    case 'subscribe':
      return (
        <Still picture={picture}>
          <p className="live-area__message">{view.wordings.CHANNEL_FOR_LUXURY_SERVICE}</p>
          <button type="button" className="button button--primary" onClick={props.onOpenSubscribe}>
            {t.live.subscribeOpen}
          </button>
        </Still>
      );
    case 'simplePlay':
      return (
        <div className="live-still live-still--fake-player">
          {picture ? <img className="live-still__image" src={picture} alt="" /> : null}
          <div className="live-still__over">
            <Link
              className="live-play-button"
              to={paths.liveSimplePlayer(bean.channelId)}
              aria-label={t.live.openSimplePlayer(name)}
            >
              <span aria-hidden="true">▶</span>
            </Link>
          </div>
          <div className="live-still__fake-bar" aria-hidden="true" />
        </div>
      );
    case 'mobile': {
      const link = deviceType ? appLinkFor(bean.contentId || bean.channelId, deviceType) : null;
      return (
        <Still picture={picture}>
          <button
            type="button"
            className="live-play-button"
            aria-label={t.live.watchInAppLabel(name)}
            onClick={() => {
              if (link) openAppLink(link);
            }}
          >
            <span aria-hidden="true">▶</span>
          </button>
          <span className="live-area__hint">{t.live.watchInApp}</span>
        </Still>
      );
    }
    case 'play':
      return (
        <LivePlayback
          channelId={bean.channelId}
          channelName={name}
          contentId={bean.contentId || bean.channelId}
          src={view.src}
          prerollTag={view.prerollTag}
          stage={state.stage}
          midrollTag={state.midrollTag}
          afterBreak={state.afterBreak}
          maxBitrate={state.data.maxBitrate}
          limit={limit}
          limited={limited}
          onPrerollDone={() => dispatch({ type: 'prerollDone' })}
          onMidrollDue={
            view.prerollTag ? (adTag) => dispatch({ type: 'midrollDue', adTag }) : undefined
          }
          onMidrollDone={() => dispatch({ type: 'midrollDone' })}
          onLiveEnded={(message) => dispatch({ type: 'liveEnded', message })}
          streamId={state.data.streamId}
          onStreamStopped={(message) => dispatch({ type: 'streamStopped', message })}
        />
      );
  }
}
