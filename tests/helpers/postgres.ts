/** A fresh PostgreSQL database on TEST_DATABASE_URL's server for one test, dropped afterwards. */
import { randomUUID } from "node:crypto";
import postgres from "postgres";
import { type DbHandle, openDb } from "../../src/lib/server/db/client.ts";

export interface FreshPostgres {
  url: string;
  drop(): Promise<void>;
}

/** Creates an empty database; `drop` removes it (closing whatever connections are left). */
export async function createFreshPostgres(serverUrl: string): Promise<FreshPostgres> {
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  const name = `foyer_test_${randomUUID().replaceAll("-", "")}`;
  try {
    await admin.unsafe(`create database ${name}`);
  } catch (error) {
    await admin.end();
    throw error;
  }
  const dbUrl = new URL(serverUrl);
  dbUrl.pathname = `/${name}`;
  return {
    url: dbUrl.toString(),
    async drop() {
      try {
        await admin.unsafe(`drop database if exists ${name} with (force)`);
      } finally {
        await admin.end();
      }
    },
  };
}

export async function withFreshPostgres<T>(serverUrl: string, work: (url: string) => Promise<T>): Promise<T> {
  const fresh = await createFreshPostgres(serverUrl);
  try {
    return await work(fresh.url);
  } finally {
    await fresh.drop();
  }
}

/** The app's handle on a fresh migrated database of the server; closing it drops the database. */
export async function openFreshPostgres(serverUrl: string): Promise<DbHandle> {
  const fresh = await createFreshPostgres(serverUrl);
  const handle = await openDb({ kind: "postgres", url: fresh.url });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await fresh.drop();
    },
  };
}
