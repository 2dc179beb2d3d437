import {
  programmeInputSchema,
  type ConsoleProgramme,
  type ProgrammeInput,
} from '@site/contract/console';
import { unixToTaipeiLocal } from '../time';

/**
 * The programme dialog's values (issue 25 item 2): the keyboard's way to do what a drag does, so
 * start and end are typed as Taipei date-times. Pure, so it is tested without a browser.
 */
export interface ProgrammeForm {
  start: string;
  end: string;
  title: string;
  description: string;
  /** '' : the channel's own playout clips. */
  clipId: string;
  blackout: boolean;
}

/**
 * A datetime-local value (Taipei) as Unix seconds: minutes, or seconds too (the inputs take
 * step=1: a programme may start on any second, as XMLTV's do).
 */
export function localToUnix(value: string): number | undefined {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(:\d{2})?$/.exec(value);
  if (!m) return undefined;
  const seconds = Date.parse(`${m[1]}${m[2] ?? ':00'}+08:00`) / 1000;
  return Number.isNaN(seconds) ? undefined : seconds;
}

/** Unix seconds as a datetime-local value (Taipei), with seconds only when they are not 0. */
export function unixToLocal(unixSeconds: number): string {
  const minutes = unixToTaipeiLocal(unixSeconds);
  const seconds = ((unixSeconds % 60) + 60) % 60;
  return seconds === 0 ? minutes : `${minutes}:${String(seconds).padStart(2, '0')}`;
}

export function formOf(
  p: Pick<ConsoleProgramme, 'start' | 'end' | 'title' | 'description' | 'clipId' | 'blackout'>,
): ProgrammeForm {
  return {
    start: unixToLocal(p.start),
    end: unixToLocal(p.end),
    title: p.title,
    description: p.description,
    clipId: p.clipId ?? '',
    blackout: p.blackout,
  };
}

/** A new programme's form: an hour from `start`. */
export function blankForm(start: number): ProgrammeForm {
  return formOf({
    start,
    end: start + 3600,
    title: '',
    description: '',
    clipId: null,
    blackout: false,
  });
}

/** The form as the call's input, or the problems by field (the contract's own checks, zh-TW). */
export function inputOf(
  form: ProgrammeForm,
): { input: ProgrammeInput; problems: null } | { input: null; problems: Record<string, string> } {
  const problems: Record<string, string> = {};
  const start = localToUnix(form.start);
  const end = localToUnix(form.end);
  if (start === undefined) problems.start = '請輸入開始時間';
  if (end === undefined) problems.end = '請輸入結束時間';
  const parsed = programmeInputSchema.safeParse({
    start: start ?? 0,
    end: end ?? 0,
    title: form.title,
    description: form.description,
    clipId: form.clipId === '' ? null : form.clipId,
    blackout: form.blackout,
  });
  if (parsed.success && Object.keys(problems).length === 0)
    return { input: parsed.data, problems: null };
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'title');
      problems[field] ??= issue.message;
    }
  }
  return { input: null, problems };
}
