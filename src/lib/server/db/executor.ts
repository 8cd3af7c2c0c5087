/**
 * What runs a query: the database itself or a transaction inside it. Services take an Executor
 * so one function serves both a plain read and a step of a larger transaction.
 */
import type { Db } from "./client.ts";

/** A drizzle transaction handle over the app's database type. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type Executor = Db | Tx;

const owners = new WeakMap<object, Db>();

/**
 * Notes the database a transaction runs in, for what may be kept per database rather than per
 * transaction (a server key already stored: security/server-keys.ts). The hot transactions (a
 * hold, an add, a checkout) note it where they open.
 */
export function inDatabase(tx: Tx, db: Db): Tx {
  owners.set(tx, db);
  return tx;
}

/** The database a transaction was noted to run in (undefined for the database itself or unnoted). */
export function databaseOf(ex: Executor): Db | undefined {
  return owners.get(ex);
}
