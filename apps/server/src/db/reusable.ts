import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema.js';

/** Stands for a named value of a reusable query while the query is built and compiled. */
class Slot {
  constructor(readonly name: string) {}
}

/**
 * A placeholder for the value `name`, typed as the value it stands for so that the query
 * builder accepts it where that value goes (a compared value, a limit, an offset).
 */
export function slot<T>(name: string): T {
  return new Slot(name) as T;
}

/**
 * A query built and compiled by Kysely once per shape and database, then run with each call's
 * values. Building and compiling a query of a few joins and terms costs the Node process more than
 * SQLite takes to run it (a fifth of a list call, measured for ADR 0013's 2026-11-26
 * amendment); the statement cache (connect.ts) and PostgreSQL see the same text as before.
 *
 * `build` writes the query with `slot(name)` wherever a call's value goes; everything else it
 * writes (which terms there are, literals) must follow from `shape` alone, which keys the cache.
 */
export function reusable<Shape extends string | number, Row>(
  build: (db: Kysely<Database>, shape: Shape) => Compilable<Row>,
) {
  const compiledBy = new WeakMap<object, Map<Shape, CompiledQuery<Row>>>();
  return async (
    db: Kysely<Database>,
    shape: Shape,
    values: Readonly<Record<string, unknown>>,
  ): Promise<Row[]> => {
    let shapes = compiledBy.get(db);
    if (!shapes) compiledBy.set(db, (shapes = new Map()));
    let compiled = shapes.get(shape);
    if (!compiled) {
      compiled = build(db, shape).compile();
      shapes.set(shape, compiled);
    }
    const parameters = compiled.parameters.map((p) => {
      if (!(p instanceof Slot)) return p;
      if (!(p.name in values)) throw new Error(`no value for ${p.name}`);
      return values[p.name];
    });
    return (await db.executeQuery<Row>({ ...compiled, parameters })).rows;
  };
}
