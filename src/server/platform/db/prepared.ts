import type { Compilable, CompiledQuery, InferResult } from 'kysely';
import type { Db } from './create-db';

/** Stands for the n-th argument while a prepared statement is built. */
class Slot {
  constructor(readonly index: number) {}
}

/**
 * A statement whose text never depends on its arguments, built by Kysely once per database (its
 * plugins' rewriting included) and then run with each call's arguments bound to its parameters:
 * the same SQL, the same parameters and the same rows (the plugins still rename the columns of
 * every result) as building it again on every call, without rebuilding and recompiling the query
 * tree each time. Hot reads only (the session of every signed-in request, a family's events).
 *
 * `build` receives stand-ins for its arguments and must use each one as a single value (compared,
 * inserted): a statement whose shape changes with its arguments (a list expanded into `in`, a
 * clause left out when a value is missing) cannot be prepared, and preparing one fails at once.
 */
export function prepared<Args extends readonly unknown[], Q extends Compilable<unknown>>(
  arity: Args['length'],
  build: (db: Db, ...args: Args) => Q,
): (db: Db, ...args: Args) => Promise<InferResult<Q>> {
  const compiled = new WeakMap<Db, CompiledQuery>();
  return async (db, ...args) => {
    let query = compiled.get(db);
    if (query === undefined) {
      const slots = Array.from({ length: arity }, (_, i) => new Slot(i));
      query = build(db, ...(slots as unknown as Args)).compile();
      const used = query.parameters.filter((p): p is Slot => p instanceof Slot).map((p) => p.index);
      if (new Set(used).size !== arity || used.length !== arity) {
        throw new Error(`A prepared statement must use each of its ${arity} arguments once: ${query.sql}`);
      }
      compiled.set(db, query);
    }
    for (const arg of args) {
      if (Array.isArray(arg) || arg === undefined) {
        throw new Error('A prepared statement takes single values: build this one on each call instead');
      }
    }
    const parameters = query.parameters.map((p) => (p instanceof Slot ? args[p.index] : p));
    const result = await db.executeQuery({ ...query, parameters });
    return result.rows as InferResult<Q>;
  };
}
