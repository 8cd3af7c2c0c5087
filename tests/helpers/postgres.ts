/** A fresh PostgreSQL database on TEST_DATABASE_URL's server for one test, dropped afterwards. */
import postgres from "postgres";

export async function withFreshPostgres<T>(serverUrl: string, work: (url: string) => Promise<T>): Promise<T> {
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  const name = `foyer_test_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  await admin.unsafe(`create database ${name}`);
  const dbUrl = new URL(serverUrl);
  dbUrl.pathname = `/${name}`;
  try {
    return await work(dbUrl.toString());
  } finally {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
