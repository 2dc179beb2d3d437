import fs from 'node:fs';
import type { CpuCounters } from './rounds.js';
import type { BenchServer } from './types.js';

/** Clock ticks per second of /proc's utime and stime (USER_HZ, 100 on Linux everywhere). */
const TICKS_PER_SECOND = 100;

/** User plus system CPU time a process has used, in ms; undefined where /proc can't tell. */
export function processCpuMs(pid: number): number | undefined {
  const stat = statOf(pid);
  return stat === undefined ? undefined : cpuMsOfStat(stat);
}

/**
 * CPU time used by all processes named postgres (the server's backends and helpers), in ms.
 * Connections of a bench server live as long as it does, so the difference over a run is the
 * database's share of that run's work.
 */
export function postgresCpuMs(): number | undefined {
  let total = 0;
  let seen = false;
  let pids: string[];
  try {
    pids = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  for (const pid of pids) {
    const stat = statOf(pid); // undefined when it exited meanwhile
    if (!stat?.includes('(postgres)')) continue;
    total += cpuMsOfStat(stat);
    seen = true;
  }
  return seen ? total : undefined;
}

function statOf(pid: number | string): string | undefined {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * CPU time of a process and of its children it has waited for (ffmpeg runs it spawned), in ms;
 * undefined where /proc can't tell.
 */
export function processTreeCpuMs(pid: number): number | undefined {
  const stat = statOf(pid);
  if (stat === undefined) return undefined;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
  return (ticks * 1000) / TICKS_PER_SECOND;
}

function cpuMsOfStat(stat: string): number {
  // Fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return ((utime + stime) * 1000) / TICKS_PER_SECOND;
}

/**
 * The CPU a paced run watches: the server, PostgreSQL when the server uses it, and this process
 * (the load generator, which shares the machine's cores with both).
 */
export function cpuCounters(server: BenchServer): CpuCounters {
  return {
    server: () => processCpuMs(server.pid),
    ...(server.dialect === 'postgres' ? { postgres: postgresCpuMs } : {}),
    generator: () => {
      const { user, system } = process.cpuUsage();
      return (user + system) / 1000;
    },
  };
}
