import { randomBytes } from "node:crypto";
import pg from "pg";

// A scratch PostgreSQL database per soak run (the server migrates the default schema of its
// connection), dropped afterwards. SOAK_PG_URL names the server; its database is only used to connect.

export const SOAK_PG_URL =
  process.env.SOAK_PG_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export interface ScratchDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

const withClient = async <T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

export async function createScratchDatabase(prefix = "erf_soak"): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  await withClient(SOAK_PG_URL, (client) => client.query(`create database ${name}`));
  const url = new URL(SOAK_PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () =>
      withClient(SOAK_PG_URL, (client) => client.query(`drop database if exists ${name} with (force)`)).then(
        () => undefined,
      ),
  };
}

export async function postgresAnswers(): Promise<boolean> {
  try {
    await withClient(SOAK_PG_URL, (client) => client.query("select 1"));
    return true;
  } catch {
    return false;
  }
}

export { withClient };
