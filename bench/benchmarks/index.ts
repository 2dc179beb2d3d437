import type { Benchmark } from '../lib/types.js';
import { browsePaging } from './browse-paging.js';
import { catalogueList } from './catalogue-list.js';
import { catchupSeek, startOver } from './catchup.js';
import { channelChange } from './channel-change.js';
import { consoleTitles } from './console-titles.js';
import { drawBurst } from './draw-burst.js';
import { edgeSegment } from './edge-segment.js';
import { firstFrame } from './first-frame.js';
import { gatewayList } from './gateway-list.js';
import { homePage } from './home-page.js';
import { ingestBench } from './ingest.js';
import { lighthouseBench } from './lighthouse.js';
import { listCalls } from './list-calls.js';
import { livePlaylist } from './live-playlist.js';
import { liveSegment } from './live-segment.js';
import { mediaSegment } from './media-segment.js';
import { messageSend } from './message-send.js';
import { playRight } from './play-right.js';
import { programmePlaylist } from './programme-playlist.js';
import { qoeBeacons } from './qoe-beacons.js';
import { qoeReport } from './qoe-report.js';
import { reportsBench } from './reports.js';
import { resumeHeartbeat } from './resume-heartbeat.js';
import { scheduleWeek } from './schedule-week.js';
import { careSearch } from './care-search.js';
import { search } from './search.js';
import { voucherBatch } from './voucher-batch.js';

/** Every benchmark, in the order `npm run bench` runs them. Add new ones here. */
export const benchmarks: Benchmark[] = [
  catalogueList,
  gatewayList,
  mediaSegment,
  edgeSegment,
  resumeHeartbeat,
  playRight,
  listCalls,
  search,
  browsePaging,
  consoleTitles,
  messageSend,
  homePage,
  firstFrame,
  livePlaylist,
  liveSegment,
  programmePlaylist,
  drawBurst,
  channelChange,
  startOver,
  catchupSeek,
  lighthouseBench,
  ingestBench,
  voucherBatch,
  scheduleWeek,
  careSearch,
  qoeBeacons,
  qoeReport,
  reportsBench,
];
