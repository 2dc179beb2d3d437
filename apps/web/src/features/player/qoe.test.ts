import { qoeBeaconBodySchema, type QoeReport } from '@site/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QoeReporter, QoeSession, sendQoeBeacon } from './qoe';

const clock = () => {
  const c = { t: 1000, now: () => c.t };
  return c;
};

describe('QoeSession', () => {
  it('measures the start from the play request to the first frame, once', () => {
    const c = clock();
    const s = new QoeSession('M0001', 'VOD', c.now);
    s.requested();
    c.t += 1234;
    s.playing();
    c.t += 10_000;
    expect(s.take()).toMatchObject({ started: true, startMs: 1234, watchMs: 10_000, stallMs: 0 });
    c.t += 5000;
    // The next report carries no second start, only the watching since.
    expect(s.take()).toMatchObject({ started: false, startMs: null, watchMs: 5000 });
  });

  it('counts stalls after the first frame, not seeks, and watch time without pauses', () => {
    const c = clock();
    const s = new QoeSession('ch01', 'LIVE', c.now);
    s.requested();
    s.waiting(); // still starting: part of the start time, not a stall
    c.t += 500;
    s.playing();
    c.t += 1000;
    s.waiting();
    c.t += 300;
    s.playing();
    c.t += 1000;
    s.seeking(true);
    s.waiting();
    c.t += 700;
    s.seeking(false);
    s.playing();
    c.t += 1000;
    s.paused();
    c.t += 60_000; // paused: not watched
    s.playing();
    c.t += 1000;
    s.waiting();
    c.t += 200; // still stalled when the report goes
    const report = s.take()!;
    expect(report).toMatchObject({ startMs: 500, stallCount: 2, stallMs: 500 });
    expect(report.watchMs).toBe(1000 + 300 + 1000 + 700 + 1000 + 1000 + 200);
    c.t += 100;
    s.playing();
    expect(s.take()).toMatchObject({ stallCount: 0, stallMs: 100 });
  });

  it('counts bitrate switches after the first frame, retried errors and the fatal one', () => {
    const c = clock();
    const s = new QoeSession('M0002', 'VOD', c.now);
    s.requested();
    s.levelSwitched(); // the first rendition chosen: no switch
    s.playing();
    s.levelSwitched();
    s.levelSwitched();
    s.error(2);
    s.error(2);
    s.error(3);
    s.gaveUp();
    s.playing(); // nothing counts after the end
    expect(s.take()).toMatchObject({ bitrateSwitches: 2, errorCodes: [2, 2], fatalCode: 3 });
    expect(s.ended).toBe(true);
    expect(s.take()).toBeNull();
  });

  it('a stream the browser cannot play ends with code 4 and no start', () => {
    const s = new QoeSession('M0003', 'VOD', clock().now);
    s.requested();
    s.gaveUp(4);
    expect(s.take()).toMatchObject({ started: true, startMs: null, fatalCode: 4, errorCodes: [] });
  });
});

describe('QoeReporter', () => {
  it('sends every session’s report in beacons of at most 20 the contract takes, and forgets ended sessions', () => {
    const sent: QoeReport[][] = [];
    const reporter = new QoeReporter((reports) => sent.push(reports));
    const c = clock();
    const sessions = Array.from(
      { length: 25 },
      (_, i) => new QoeSession(`M${1000 + i}`, 'VOD', c.now),
    );
    for (const s of sessions) {
      reporter.add(s);
      s.requested();
      c.t += 10;
      s.playing();
    }
    sessions[0]!.end();
    reporter.flush();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toHaveLength(25);
    c.t += 30_000;
    reporter.flush();
    // The ended one is gone; the 24 playing report their watching.
    expect(sent[1]).toHaveLength(24);
    expect(sent[1]!.every((r) => r.watchMs >= 30_000 && !r.started)).toBe(true);
  });

  afterEach(() => vi.unstubAllGlobals());

  it('sends beacons of at most 20 reports the contract takes, to /sas/InsertQoE', () => {
    const beacons: [string, string][] = [];
    vi.stubGlobal('navigator', {
      sendBeacon: (url: string, body: string) => beacons.push([url, body]) > 0,
    });
    const s = new QoeSession('M0001', 'VOD', clock().now);
    s.requested();
    s.playing();
    const report = s.take()!;
    sendQoeBeacon(Array.from({ length: 45 }, () => report));
    expect(beacons.map(([url]) => url)).toEqual(Array(3).fill('/sas/InsertQoE'));
    const bodies = beacons.map(([, body]) => qoeBeaconBodySchema.parse(JSON.parse(body)));
    expect(bodies.map((b) => b.reports.length)).toEqual([20, 20, 5]);
  });
});
