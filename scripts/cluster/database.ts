import pg from 'pg';

/**
 * The cluster's database on the local PostgreSQL. `server` is any database URL on that server
 * (the maintenance connection); the cluster's own database is `name` on the same server.
 */
export const defaultServerUrl = 'postgres://postgres@127.0.0.1:5432/postgres';

/** Creates `name` when missing (or anew with `fresh`); resolves with its URL. */
export async function createDatabase(server: string, name: string, options: { fresh?: boolean } = {}): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`database name "${name}": lower-case letters, digits, _`);
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    if (options.fresh) await client.query(`drop database if exists ${name} with (force)`);
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(server: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
  } finally {
    await client.end();
  }
}
