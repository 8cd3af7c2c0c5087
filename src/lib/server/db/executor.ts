/**
 * What runs a query: the database itself or a transaction inside it. Services take an Executor
 * so one function serves both a plain read and a step of a larger transaction.
 */
import type { Db } from "./client.ts";

/** A drizzle transaction handle over the app's database type. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type Executor = Db | Tx;
