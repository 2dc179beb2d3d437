import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { KID_CATEGORY_ID } from '@site/contract';
import type { Database, TitleTable } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { contentScope, type ContentScope, type Viewer } from '../accounts/viewer.js';
import { AUDIENCE, audienceOf, minimumAudience } from './audience.js';
import type { TitleRow } from './present.js';

/*
 * Who may see a title: the one rule (SPEC §6; docs/adr/0016-one-visibility-rule.md). A title is
 * visible to a scope at `now` when
 *   1. it is on the shelf: on_shelf_at <= now, and off_shelf_at is null or later than now; and
 *   2. its audience level (audience.ts) is at least the scope's least level: a kid sees kid-safe
 *      titles that are neither restricted nor sexual; the restricted-content filter (always on
 *      for kids and anonymous viewers, on by default for members) hides restricted and sexual
 *      titles; `hideSexual` (calls that never show sexual titles) hides sexual ones.
 *   0. it is published (`state`, migration 0026: a draft is shown to no customer on any face;
 *      copies that keep no state, the search index and play history, hold no draft or are
 *      checked against the title: docs/adr/0038-console-catalogue.md); and
 * A title the viewer may not see is answered exactly as one that does not exist: 404 NOT_FOUND.
 * Every query, predicate and check of title visibility comes from this file.
 */

/** What a viewer may see: the session's scope, plus narrowings a call adds (never widens). */
export type VisibilityScope = ContentScope & { hideSexual?: boolean };

/**
 * The scope of whoever is asking: the session's kid mode and restricted-content filter, narrowed
 * by what the call asks for (accounts/viewer.ts contentScope). An anonymous viewer has the
 * restricted-content filter on, as every new sub-account does, so nobody sees more signed out
 * than a member sees by default: restricted and sexual titles are hidden from them on every face
 * (ADR 0016, superseding ADR 0007's listing for anonymous viewers). Only a member who switched
 * the filter off sees them.
 */
export function viewerScope(
  viewer: Viewer | null,
  asked: { filterRestrict?: 'Y' | 'N' } = {},
): VisibilityScope {
  const scope = contentScope(viewer, asked);
  return viewer ? scope : { ...scope, hideRestricted: true };
}

/**
 * The main category a scope browses when it asks for `asked` (SPEC §6): a kid's is the kid
 * category, whatever was asked, as everywhere a kid is shown the catalogue (browse, the category
 * menu on both faces); anyone else browses what they asked for (undefined: every category).
 */
export function mainCategoryFor(
  scope: Pick<VisibilityScope, 'kidsOnly'>,
  asked: string | undefined,
): string | undefined {
  return scope.kidsOnly ? KID_CATEGORY_ID : asked;
}

/** A where-clause over whatever tables the caller's query has (the column names say where). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type VisibilityWhere = (eb: ExpressionBuilder<any, any>) => Expression<SqlBool>;

/** A title row's own flags (the catalogue's `title` table under some alias). */
export interface FlagColumns {
  kidSafe: string;
  isRestricted: string;
  isSexual: string;
  /** The title's `state` ('draft' | 'published'); the title table's own rows always name it. */
  state?: string;
}

/** A copy of the title's audience level (audience.ts) kept beside another table's rows. */
export interface LevelColumn {
  level: string;
}

export interface ShelfColumns {
  onShelfAt: string;
  offShelfAt: string;
  /**
   * Write the start of the window as `cast(on_shelf_at as bigint) <= now`: SQLite cannot make a
   * cast an index range, so a browse walks its order's index instead of taking the shelf date for
   * a selective range (ADR 0012); PostgreSQL plans it as the column itself.
   */
  startNotARange?: boolean;
}

export interface VisibilityColumns {
  audience: FlagColumns | LevelColumn;
  /**
   * The shelf window's columns. `null` only for a copy that keeps no shelf dates (play history):
   * the caller then checks every row it shows with isVisible().
   */
  shelf: ShelfColumns | null;
}

/** The rule as a where-clause over the named columns (the only place it is written in SQL). */
export function visibleWhere(
  scope: VisibilityScope,
  now: number,
  columns: VisibilityColumns,
): VisibilityWhere {
  return (eb) => {
    const ref = (column: string) => sql.ref<number | null>(column);
    const terms: Expression<SqlBool>[] = [];
    const { shelf, audience } = columns;
    if (shelf) {
      const start = ref(shelf.onShelfAt);
      terms.push(
        eb(shelf.startNotARange ? eb.cast<number>(start, 'bigint') : start, '<=', now),
        eb.or([eb(ref(shelf.offShelfAt), 'is', null), eb(ref(shelf.offShelfAt), '>', now)]),
      );
    }
    const least = minimumAudience(scope);
    if ('level' in audience) {
      terms.push(eb(ref(audience.level), '>=', least));
    } else {
      // The same levels, read off the flags (audienceOf): kid-safe and neither restricted nor
      // sexual is a kid's; neither restricted nor sexual is general; not sexual is restricted.
      // The flags are written as literals, not bound parameters: migration 0013's partial index
      // for a filtered browse holds `is_restricted = 0 and is_sexual = 0`, and a planner uses it
      // only when it proves the query states those terms. With literals that holds from the text
      // alone; with parameters SQLite proves it from the bound values (and prepares again when
      // they change) and a generic PostgreSQL plan cannot prove it at all.
      const flag = (value: 0 | 1) => sql.lit(value);
      // A draft is nobody's (migration 0026 appends `state` to the browse indexes, so a walk and
      // a count still decide this from the index alone). Written `<> 'draft'` (the same set under
      // 0026's check): SQLite takes an unindexed equality for a term that keeps a quarter of the
      // rows, and with statistics then preferred a partial sort over the order's index walk.
      if (audience.state) terms.push(eb(sql.ref<string>(audience.state), '<>', sql.lit(DRAFT)));
      if (least >= AUDIENCE.kids) terms.push(eb(ref(audience.kidSafe), '=', flag(1)));
      if (least >= AUDIENCE.general) terms.push(eb(ref(audience.isRestricted), '=', flag(0)));
      if (least >= AUDIENCE.restricted) terms.push(eb(ref(audience.isSexual), '=', flag(0)));
    }
    return eb.and(terms);
  };
}

/** The rule over the catalogue's `title` table, as `alias` (or unqualified) in the query. */
export function titleVisible(
  scope: VisibilityScope,
  now: number,
  options: { alias?: string; startNotARange?: boolean } = {},
): VisibilityWhere {
  const column = (name: keyof TitleTable) => (options.alias ? `${options.alias}.${name}` : name);
  return visibleWhere(scope, now, {
    audience: {
      kidSafe: column('kid_safe'),
      isRestricted: column('is_restricted'),
      isSexual: column('is_sexual'),
      state: column('state'),
    },
    shelf: {
      onShelfAt: column('on_shelf_at'),
      offShelfAt: column('off_shelf_at'),
      ...(options.startNotARange ? { startNotARange: true } : {}),
    },
  });
}

/**
 * For another module's rows that name a title by id (`contentIdColumn`): whether that title
 * exists and the scope may see it, without the other module reading the title table itself.
 */
export function visibleTitleExists(
  scope: VisibilityScope,
  now: number,
  contentIdColumn: string,
): VisibilityWhere {
  return (eb) =>
    eb.exists(
      (eb as ExpressionBuilder<Database, never>)
        .selectFrom('title as visible_title')
        .select(sql.lit(1).as('one'))
        .where('visible_title.content_id', '=', sql.ref<string>(contentIdColumn))
        .where(titleVisible(scope, now, { alias: 'visible_title' })),
    );
}

type RuleFields = Pick<
  TitleRow,
  'kid_safe' | 'is_restricted' | 'is_sexual' | 'on_shelf_at' | 'off_shelf_at' | 'state'
>;

/** The state of a title customers may see (a draft is seen by no one but staff). */
export const PUBLISHED = 'published';
export const DRAFT = 'draft';

export function isPublished(title: Pick<TitleRow, 'state'>): boolean {
  return title.state === PUBLISHED;
}

export function isOnShelf(
  title: Pick<TitleRow, 'on_shelf_at' | 'off_shelf_at'>,
  now: number,
): boolean {
  return title.on_shelf_at <= now && (title.off_shelf_at === null || title.off_shelf_at > now);
}

/** The rule for a title already in memory. */
export function isVisible(title: RuleFields, scope: VisibilityScope, now: number): boolean {
  return isPublished(title) && isOnShelf(title, now) && audienceOf(title) >= minimumAudience(scope);
}

/**
 * The title if the scope may see it; otherwise the one answer for "missing" and "hidden" alike,
 * 404 NOT_FOUND (with the call's own zh-TW text when it has one).
 */
export function requireVisible<T extends RuleFields>(
  title: T | null | undefined,
  scope: VisibilityScope,
  now: number,
  detail?: string,
): T {
  if (!title || !isVisible(title, scope, now)) throw notFound(detail);
  return title;
}

/** A title by id if the scope may see it, else undefined (a page head answers 404 itself). */
export async function findVisibleTitle(
  db: Kysely<Database>,
  scope: VisibilityScope,
  contentId: string,
  now: number,
): Promise<TitleRow | undefined> {
  return db
    .selectFrom('title')
    .selectAll()
    .where('content_id', '=', contentId)
    .where(titleVisible(scope, now))
    .executeTakeFirst();
}

/** A title by id the scope may see, or 404 NOT_FOUND whether it is missing or hidden. */
export async function requireVisibleTitle(
  db: Kysely<Database>,
  scope: VisibilityScope,
  contentId: string,
  now: number,
  detail?: string,
): Promise<TitleRow> {
  const title = await findVisibleTitle(db, scope, contentId, now);
  if (!title) throw notFound(detail);
  return title;
}
