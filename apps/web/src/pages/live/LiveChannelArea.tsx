import { useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { LiveChannelItem, ProgramPlayData, SwitchChannelData } from '@site/contract';
import { answeredProgramPlay, prefetchProgramPlay, useCatchupProgramList } from '../../api/catchup';
import { useMinutesWording } from '../../api/live';
import { useLoginInfo } from '../../api/session';
import { paths } from '../../routing/paths';
import { appLinkFor, openAppLink } from '../../features/app-link/app-link';
import { StreamLimitRefusal, StreamStopped } from '../../features/devices/StreamLimit';
import { Dialog } from '../../features/dialog/Dialog';
import { FullscreenHost } from '../../features/player/fullscreen-host';
import { firstFrameOrSoon, warmStream } from '../../features/player/prewarm';
import { playerStageIn } from '../../features/player/video-element';
import { warmProgrammeStream } from '../../features/player/warm-live-stream';
import { placeOver } from '../../features/player/warm-place';
import { RedEnvelopeBox } from '../../features/red-envelope/RedEnvelopeBox';
import { t } from '../../i18n/zh-TW';
import {
  catchupRefreshIn,
  followingProgramme,
  onAirProgramme,
  programParam,
  programmeMode,
  programmeShareLink,
  programmeStartAt,
} from './catchup';
import { ExternalVideoDialog } from './ExternalVideoDialog';
import { LivePlayback } from './LivePlayback';
import { decodeVideoUrl, parseMinutesWording, type ChannelView } from './live-rules';
import { NowNextOverlay } from './NowNextOverlay';
import { useSiteTopHeight } from './player-in-view';
import { ProgrammeOverlay } from './ProgrammeOverlay';
import { ProgrammePlayback } from './ProgrammePlayback';
import { shareLinkOf } from './share';
import { SharePanel } from './SharePanel';
import { SubscribeDialog } from './SubscribeDialog';
import { useChannelKeys } from './use-channel-keys';
import { useLiveChannel } from './use-live-channel';
import { WatchLimit } from './watch-limit';
import './LiveChannelArea.css';

export interface LiveChannelAreaProps {
  channelId: string;
  /** The strip's channels: names before the reply comes, and the order of the channel keys. */
  channels: LiveChannelItem[];
  /** SPEC §3 deviceType (ajaxGetLoginInfo.do); undefined until known. */
  deviceType: string | undefined;
  /** No uid: the anonymous watching limit applies (SPEC §6). */
  anonymous: boolean;
  /** The simple-player page plays simple-play channels itself. */
  simplePage?: boolean;
  /**
   * The page does not know its channel yet (channelId is ''): the stage keeps a still's 16:9 box
   * meanwhile, so what is under it does not move down when the channel comes (layout shift).
   */
  waiting?: boolean;
  onSwitch: (channelId: string) => void;
  /**
   * The video area's stage, for the page to start a channel there at a click (start-channel.ts):
   * it stays on the page from channel to channel.
   */
  stageRef?: RefObject<HTMLDivElement | null>;
}

type Opened = 'programmes' | 'external' | 'subscribe' | 'limit' | null;

function SponsorLogo({ data }: { data: SwitchChannelData }) {
  const logo = data.sponsorLogo;
  if (logo.showLogo !== 'Y' || !logo.logoUrl) return null;
  const side = logo.position === 'UR' ? 'ur' : 'l';
  return (
    <img
      className={`live-sponsor live-sponsor--${side}`}
      src={logo.logoUrl}
      alt={t.live.sponsor}
      data-position={logo.position}
    />
  );
}

/** A still picture of the channel with one control over it (external, app, simple play …). */
function Still({ picture, children }: { picture: string; children?: ReactNode }) {
  return (
    <div className="live-still">
      {picture ? <img className="live-still__image" src={picture} alt="" /> : null}
      <div className="live-still__over">{children}</div>
    </div>
  );
}

/**
 * SPEC §2 part 1 and §4: the video area of the live page — the channel's name, 節目表, 分享,
 * the sponsor logo and the red-envelope box, and in the middle whatever the channel's reply
 * means here (live-rules.ts): the player, a pop-up, the app link, the simple player's way in,
 * the subscription modal, or an alert.
 */
export function LiveChannelArea(props: LiveChannelAreaProps) {
  const { channelId, channels, deviceType, anonymous, simplePage = false, onSwitch } = props;
  const ownStageRef = useRef<HTMLDivElement>(null);
  const stageRef = props.stageRef ?? ownStageRef;
  const location = useLocation();
  useSiteTopHeight();
  const isPc = deviceType === undefined ? undefined : appLinkFor('x', deviceType) === null;
  const context = useMemo(
    () => (isPc === undefined ? undefined : { isPc, simplePage }),
    [isPc, simplePage],
  );
  const { state, dispatch, retry } = useLiveChannel(channelId, context);
  const login = useLoginInfo().data;
  const kid = login?.kidMode === '1';
  const data = state.phase === 'ready' ? state.data : undefined;
  const view: ChannelView | undefined = state.phase === 'ready' ? state.view : undefined;
  const listed = channels.find((channel) => channel.channelId === channelId);
  const name = data?.channelBean.channelName || listed?.channelName || '';
  const picture = data?.channelBean.channelPic || listed?.channelPic || '';
  // The pop-up of an external channel and the subscription modal open with the channel; the
  // other dialogs when asked for. A closed automatic one stays closed for that reply.
  const [asked, setAsked] = useState<Opened>(null);
  const [dismissed, setDismissed] = useState<ChannelView | undefined>();
  const automatic: Opened =
    !view || view === dismissed
      ? null
      : view.kind === 'youtube' || view.kind === 'twitch'
        ? 'external'
        : view.kind === 'subscribe'
          ? 'subscribe'
          : null;
  const opened = asked ?? automatic;
  const setOpened = (which: Opened) => setAsked(which);
  const close = () => {
    setAsked(null);
    setDismissed(view);
  };

  // The anonymous watching limit, over the whole visit (Live_Minutes_Wording × 60 s).
  const wording = useMinutesWording();
  const rule = parseMinutesWording(wording.data);
  const [limited, setLimited] = useState(false);
  const limitSeconds = anonymous ? rule?.seconds : undefined;
  const limit = useMemo(
    () =>
      limitSeconds
        ? new WatchLimit(limitSeconds, () => {
            setLimited(true);
            setAsked('limit');
          })
        : undefined,
    [limitSeconds],
  );
  useEffect(() => () => limit?.dispose(), [limit]);

  // Bookmark code 480: the alert (once, on the page), then a reload a second later.
  useEffect(() => {
    if (state.phase !== 'ended') return;
    const timer = window.setTimeout(() => window.location.reload(), 1_000);
    return () => window.clearTimeout(timer);
  }, [state.phase]);

  const ids = channels.map((channel) => channel.channelId);
  const keys = useChannelKeys(stageRef, ids, channelId, onSwitch);
  const number = ids.indexOf(channelId) + 1;

  // Start over and catch-up (issue 24): the programme playing is the address's `program`, so a
  // share link opens it and the browser's back button returns to live.
  const [search, setSearch] = useSearchParams();
  const programStart = programParam(search.get('program'));
  const catchupQuery = useCatchupProgramList(channelId, (reply) =>
    catchupRefreshIn(reply?.programList, Date.now()),
  );
  const catchupList =
    catchupQuery.data?.channelId === channelId ? catchupQuery.data.programList : [];
  const onAir = onAirProgramme(catchupList);
  const mode = programmeMode(programStart, channelId, state.phase, view?.kind);
  const offersProgrammes = mode.offers;
  const programmeHere = mode.plays;
  const [playingData, setPlayingData] = useState<ProgramPlayData | undefined>();
  const playing =
    programmeHere && playingData?.program.programStart === programStart ? playingData : undefined;
  const refocusRef = useRef(false);
  const playProgramme = (start: string, replace = false) => {
    const next = new URLSearchParams(search);
    next.set('program', start);
    setSearch(next, { replace });
  };
  /**
   * 從頭看 at a click: when its reply came while the pointer rested on the button (and has no
   * pre-roll), the programme's stream starts at once over the live player, from its start, and
   * the address follows at its first frame, as a channel change does (start-channel.ts); the
   * programme's player then takes that video.
   */
  const startOver = (start: string) => {
    const reply = answeredProgramPlay(channelId, start);
    const src = reply && reply.preRoll !== 'Y' ? decodeVideoUrl(reply.videoUrl) : '';
    const container = stageRef.current;
    if (!reply || !src || !container) {
      playProgramme(start);
      return;
    }
    const over = playerStageIn(container) ?? container;
    const from = programmeStartAt(reply.resumeSeconds, reply.program);
    void firstFrameOrSoon(warmStream(src, placeOver(container, over), from)).then(() =>
      playProgramme(start),
    );
  };
  const backToLive = () => {
    // The control pressed goes with the programme's player: the stage takes the focus.
    refocusRef.current = stageRef.current?.contains(document.activeElement) ?? false;
    const next = new URLSearchParams(search);
    next.delete('program');
    setSearch(next);
    // A new switch: a fresh live edge, signed URL and stream lease.
    retry();
  };
  const programmeEnded = () => {
    const following = programStart ? followingProgramme(catchupList, programStart) : undefined;
    if (following) playProgramme(following.programStart, true);
    else backToLive();
  };
  useEffect(() => {
    if (programStart !== null || !refocusRef.current) return;
    refocusRef.current = false;
    const active = document.activeElement;
    if (!active || active === document.body) stageRef.current?.focus({ preventScroll: true });
  }, [programStart, stageRef]);

  let body: ReactNode;
  if (programmeHere && limited) {
    body = <Still picture={picture} />;
  } else if (programmeHere && programStart !== null) {
    body = (
      <ProgrammePlayback
        key={`${channelId} ${programStart}`}
        channelId={channelId}
        channelName={name}
        programStart={programStart}
        member={login?.isLogin === 'Y'}
        limit={limit}
        onLoaded={setPlayingData}
        onBackToLive={backToLive}
        onEnded={programmeEnded}
      />
    );
  } else if (state.phase === 'idle' && props.waiting) {
    body = (
      <Still picture="">
        <p className="live-area__message" role="status">
          {t.live.loadingChannel}
        </p>
      </Still>
    );
  } else if (state.phase === 'idle') {
    body = <p className="live-area__message">{t.live.noChannel}</p>;
  } else if (state.phase === 'switching') {
    body = (
      <Still picture={picture}>
        <p className="live-area__message" role="status">
          {t.live.loadingChannel}
        </p>
      </Still>
    );
  } else if (state.phase === 'failed' && state.streams) {
    // Too many devices playing (STREAM_LIMIT): stopping one of them switches again.
    body = (
      <div className="live-area__refusal">
        <StreamLimitRefusal message={state.message} streams={state.streams} onRetry={retry} />
      </div>
    );
  } else if (state.phase === 'stopped') {
    // Another device stopped this play: the player is gone; 重新播放 switches again.
    body = <StreamStopped message={state.message} onPlayAgain={retry} />;
  } else if (state.phase === 'failed' || state.phase === 'ended') {
    body = (
      <Still picture={picture}>
        <p className="live-area__message live-area__message--alert" role="alert">
          {state.message}
        </p>
      </Still>
    );
  } else {
    const ready = state;
    const bean = ready.data.channelBean;
    switch (ready.view.kind) {
      case 'message':
        body = (
          <Still picture={picture}>
            <p className="live-area__message live-area__message--alert" role="alert">
              {ready.view.message}
            </p>
          </Still>
        );
        break;
      case 'youtube':
      case 'twitch':
        body = (
          <Still picture={picture}>
            <button
              type="button"
              className="button button--primary"
              onClick={() => setOpened('external')}
            >
              {t.live.openExternal}
            </button>
          </Still>
        );
        break;
      case 'subscribe': {
        const wordings = ready.view.wordings;
        body = (
          <Still picture={picture}>
            <p className="live-area__message">{wordings.CHANNEL_FOR_LUXURY_SERVICE}</p>
            <button
              type="button"
              className="button button--primary"
              onClick={() => setOpened('subscribe')}
            >
              {t.live.subscribeOpen}
            </button>
          </Still>
        );
        break;
      }
      case 'simplePlay':
        body = (
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
        break;
      case 'mobile': {
        const link = deviceType ? appLinkFor(bean.contentId || bean.channelId, deviceType) : null;
        body = (
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
        break;
      }
      case 'play':
        body = (
          <LivePlayback
            channelId={bean.channelId}
            channelName={name}
            contentId={bean.contentId || bean.channelId}
            src={ready.view.src}
            prerollTag={ready.view.prerollTag}
            stage={ready.stage}
            midrollTag={ready.midrollTag}
            afterBreak={ready.afterBreak}
            maxBitrate={ready.data.maxBitrate}
            limit={limit}
            limited={limited}
            onPrerollDone={() => dispatch({ type: 'prerollDone' })}
            onMidrollDue={
              ready.view.prerollTag ? (adTag) => dispatch({ type: 'midrollDue', adTag }) : undefined
            }
            onMidrollDone={() => dispatch({ type: 'midrollDone' })}
            onLiveEnded={(message) => dispatch({ type: 'liveEnded', message })}
            streamId={ready.data.streamId}
            onStreamStopped={(message) => dispatch({ type: 'streamStopped', message })}
          />
        );
        break;
    }
  }

  const loginHref = paths.login(location.pathname + location.search);
  return (
    <section className="live-area" aria-label={t.live.videoArea(name || t.live.pageHeading)}>
      <div className="live-area__bar">
        <div className="live-area__title">
          <h2 className="live-area__name">{name || '\u00a0'}</h2>
          {playing ? (
            <p className="live-area__programme">
              {playing.mode === 'startover'
                ? t.catchup.playingStartOver(playing.program.programName)
                : t.catchup.playingCatchUp(playing.program.programName)}
            </p>
          ) : null}
        </div>
        <div className="live-area__actions">
          {offersProgrammes && onAir?.catchup === 'Y' ? (
            <button
              type="button"
              className="button"
              aria-label={t.catchup.startOverName(onAir.programName)}
              onPointerEnter={() =>
                prefetchProgramPlay(channelId, onAir.programStart, warmProgrammeStream)
              }
              onFocus={() =>
                prefetchProgramPlay(channelId, onAir.programStart, warmProgrammeStream)
              }
              onClick={() => startOver(onAir.programStart)}
            >
              {t.catchup.startOver}
            </button>
          ) : null}
          <button
            type="button"
            className="button"
            disabled={!data}
            onClick={() => setOpened('programmes')}
          >
            {t.live.programmeList}
          </button>
          {programmeHere && programStart ? (
            <SharePanel
              link={programmeShareLink(window.location.origin, channelId, programStart)}
              label={t.catchup.shareProgramme}
            />
          ) : (
            <SharePanel link={shareLinkOf(window.location.origin, channelId)} />
          )}
        </div>
      </div>
      <div className="live-area__stage" ref={stageRef} data-phase={state.phase} tabIndex={-1}>
        {/* The area, not the player's frame, goes fullscreen: it stays from channel to channel. */}
        <FullscreenHost value={stageRef}>{body}</FullscreenHost>
        {data ? <SponsorLogo data={data} /> : null}
        {/* No prize draw for a kid (docs/adr/0028); the server lists no activity to one either. */}
        {data && !kid ? (
          <div className="live-area__envelope">
            <RedEnvelopeBox
              channelId={data.channelBean.channelId}
              drawActivity={data.drawActivity}
            />
          </div>
        ) : null}
        {limited && view?.kind === 'play' ? (
          <div className="live-area__limit" role="status">
            <p>{rule?.message}</p>
            <Link className="button button--primary" to={loginHref}>
              {t.live.login}
            </Link>
          </div>
        ) : null}
        {keys.typed || keys.flash ? (
          <NowNextOverlay
            number={number}
            name={name}
            typed={keys.typed}
            at={keys.flash}
            schedule={data?.programSchedule}
          />
        ) : null}
      </div>
      {isPc ? <p className="live-area__keys">{t.live.keysHint}</p> : null}

      {opened === 'programmes' && data ? (
        <ProgrammeOverlay
          channelName={name}
          schedule={data.programSchedule}
          catchup={catchupList}
          onPlay={offersProgrammes || programmeHere ? (start) => playProgramme(start) : undefined}
          onAhead={(start) => prefetchProgramPlay(channelId, start, warmProgrammeStream)}
          onClose={close}
        />
      ) : null}
      {opened === 'external' && (view?.kind === 'youtube' || view?.kind === 'twitch') ? (
        <ExternalVideoDialog
          channelId={channelId}
          channelName={name}
          source={view}
          onClose={close}
        />
      ) : null}
      {opened === 'subscribe' && view?.kind === 'subscribe' ? (
        <SubscribeDialog channelName={name} wordings={view.wordings} onClose={close} />
      ) : null}
      {opened === 'limit' ? (
        <Dialog title={t.live.limitTitle} description={<p>{rule?.message}</p>} onClose={close}>
          <div className="dialog__actions">
            <button type="button" className="button" onClick={close}>
              {t.live.close}
            </button>
            <Link className="button button--primary" to={loginHref} data-autofocus>
              {t.live.login}
            </Link>
          </div>
        </Dialog>
      ) : null}
    </section>
  );
}
