import type { ConsoleProgramme } from '@site/contract/console';
import { useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import {
  DAY,
  clockOf,
  dragResult,
  editability,
  pixelsToSeconds,
  placeBlocks,
  snap,
  type WeekDay,
} from './grid';

/** One hour's height in the grid. */
export const PX_PER_HOUR = 40;
const HOURS = Array.from({ length: 24 }, (_, h) => h);

interface Drag {
  programme: ConsoleProgramme;
  kind: 'move' | 'resize';
  x: number;
  y: number;
  columnWidth: number;
  dx: number;
  dy: number;
}

/**
 * A channel's week: seven Taipei day columns, each programme a block. A pointer drags a block to
 * move it (up and down, and across days) or its lower edge to resize it, snapped to 5 minutes; a
 * click on an empty spot adds one there. Each block is a button too: Enter opens the programme
 * dialog, which does everything a drag does (drag alone is not accessible).
 */
export function WeekGrid({
  days,
  programmes,
  now,
  editable,
  onOpen,
  onAdd,
  onDrop,
}: {
  days: readonly WeekDay[];
  programmes: readonly ConsoleProgramme[];
  now: number;
  editable: boolean;
  onOpen: (programme: ConsoleProgramme) => void;
  onAdd: (start: number) => void;
  onDrop: (programme: ConsoleProgramme, start: number, end: number) => void;
}) {
  const [drag, setDrag] = useState<Drag | null>(null);
  const moved = useRef(false);
  const placed = placeBlocks(programmes, days);

  function begin(event: ReactPointerEvent, programme: ConsoleProgramme, kind: Drag['kind']) {
    if (!editable || event.button !== 0) return;
    const state = editability(programme, now);
    if (state === 'aired' || (state === 'onAir' && kind === 'move')) return;
    const column = (event.currentTarget as HTMLElement).closest('.week-grid__day');
    event.stopPropagation();
    (event.currentTarget as HTMLElement).setPointerCapture(event.pointerId);
    moved.current = false;
    setDrag({
      programme,
      kind,
      x: event.clientX,
      y: event.clientY,
      columnWidth: column?.getBoundingClientRect().width ?? 100,
      dx: 0,
      dy: 0,
    });
  }
  function follow(event: ReactPointerEvent) {
    if (!drag) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (Math.abs(dx) + Math.abs(dy) > 4) moved.current = true;
    setDrag({ ...drag, dx, dy });
  }
  function finish() {
    if (!drag) return;
    setDrag(null);
    if (!moved.current) return;
    const landed = landing(drag);
    if (landed.start !== drag.programme.start || landed.end !== drag.programme.end)
      onDrop(drag.programme, landed.start, landed.end);
  }
  const landing = (d: Drag) =>
    dragResult(
      d.programme,
      d.kind,
      pixelsToSeconds(d.dy, PX_PER_HOUR),
      d.kind === 'move' ? Math.round(d.dx / d.columnWidth) : 0,
    );

  return (
    <div className="week-grid" role="group" aria-label="一週節目表">
      <div className="week-grid__hours" aria-hidden="true">
        <div className="week-grid__head" />
        {HOURS.map((h) => (
          <div key={h} className="week-grid__hour" style={{ height: PX_PER_HOUR }}>
            {String(h).padStart(2, '0')}:00
          </div>
        ))}
      </div>
      {days.map((d, index) => (
        <section key={d.date} className="week-grid__day" aria-label={d.label}>
          <h3 className="week-grid__head">{d.label}</h3>
          <div
            className="week-grid__body"
            style={{ height: 24 * PX_PER_HOUR }}
            onClick={(event) => {
              if (!editable || event.target !== event.currentTarget) return;
              const y = event.clientY - event.currentTarget.getBoundingClientRect().top;
              onAdd(d.start + snap(pixelsToSeconds(y, PX_PER_HOUR), 1800));
            }}
          >
            {now >= d.start && now < d.start + DAY && (
              <div
                className="week-grid__now"
                style={{ top: ((now - d.start) / 3600) * PX_PER_HOUR }}
                aria-hidden="true"
              />
            )}
            {placed
              .filter((b) => b.day === index)
              .map((b) => {
                const p = b.programme;
                const dragging = drag?.programme.programmeId === p.programmeId ? drag : null;
                const shown = dragging ? landing(dragging) : p;
                const top = dragging
                  ? ((shown.start - d.start) / 3600) * PX_PER_HOUR
                  : (b.top / 3600) * PX_PER_HOUR;
                const height = dragging
                  ? ((shown.end - shown.start) / 3600) * PX_PER_HOUR
                  : (b.height / 3600) * PX_PER_HOUR;
                const state = editability(p, now);
                return (
                  <div
                    key={`${p.programmeId}-${index}`}
                    className={`week-grid__block week-grid__block--${state}${dragging ? ' is-dragging' : ''}`}
                    style={{
                      top,
                      height: Math.max(height, 14),
                      transform:
                        dragging && dragging.kind === 'move'
                          ? `translateX(${dragging.dx}px)`
                          : undefined,
                    }}
                    onPointerDown={(e) => begin(e, p, 'move')}
                    onPointerMove={follow}
                    onPointerUp={finish}
                    onPointerCancel={() => setDrag(null)}
                  >
                    <button
                      type="button"
                      className="week-grid__open"
                      onClick={() => {
                        if (!moved.current) onOpen(p);
                      }}
                      aria-label={`${p.title}，${clockOf(p.start)}–${clockOf(p.end)}${
                        p.blackout ? '，不提供回看' : ''
                      }${state === 'aired' ? '，已播出' : state === 'onAir' ? '，播出中' : ''}`}
                    >
                      <span className="week-grid__time">
                        {clockOf(shown.start)}–{clockOf(shown.end)}
                      </span>{' '}
                      {p.title}
                      {p.blackout && <span className="week-grid__badge">不回看</span>}
                    </button>
                    {editable && state !== 'aired' && !b.continuesAfter && (
                      <div
                        className="week-grid__resize"
                        aria-hidden="true"
                        onPointerDown={(e) => begin(e, p, 'resize')}
                        onPointerMove={follow}
                        onPointerUp={finish}
                      />
                    )}
                  </div>
                );
              })}
          </div>
        </section>
      ))}
    </div>
  );
}
