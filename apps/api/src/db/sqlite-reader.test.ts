import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteReader } from './sqlite-reader';

describe('SqliteReader (reads on a worker thread’s own connection)', () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  function database() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-reader-'));
    const file = path.join(dir, 'shopdesk.sqlite');
    const main = new SQLite(file);
    main.pragma('journal_mode = WAL');
    main.exec('create table t (id integer primary key, name text)');
    main.prepare('insert into t (name) values (?)').run('first');
    const reader = new SqliteReader(file);
    cleanups.push(async () => {
      await reader.close();
      main.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });
    return { main, reader, file };
  }

  it('answers the rows of a read, with bound values', async () => {
    const { reader } = database();
    expect((await reader.read('select id, name from t where name = ?', ['first']))?.rows).toEqual([
      { id: 1, name: 'first' },
    ]);
    expect((await reader.read('select id from t where name = ?', ['none']))?.rows).toEqual([]);
  });

  it('with finish, answers the bytes of before + the column with the insertion made + after', async () => {
    const { main, reader } = database();
    main.prepare('insert into t (name) values (?)').run('["/a","/b€"]');
    const finish = {
      column: 'text',
      insertion: { find: '"/', when: '[,', insert: 'x:' },
      before: '{"list":',
      after: '}',
    };
    const read = await reader.read(
      'select count(*) as n, (select name from t where id = 2) as text from t',
      [],
      finish,
    );
    expect(read?.rows).toEqual([{ n: 2, text: null }]);
    expect(JSON.parse(read?.body?.toString('utf8') ?? '')).toEqual({ list: ['x:/a', 'x:/b€'] });
  });

  it('sees a write once it is committed, never before', async () => {
    const { main, reader } = database();
    main.exec('begin');
    main.prepare('insert into t (name) values (?)').run('second');
    expect((await reader.read('select count(*) as n from t', []))?.rows).toEqual([{ n: 1 }]);
    main.exec('commit');
    expect((await reader.read('select count(*) as n from t', []))?.rows).toEqual([{ n: 2 }]);
  });

  it('never writes', async () => {
    const { reader, main } = database();
    await expect(reader.read("insert into t (name) values ('x') returning id", [])).rejects.toThrow(/readonly/i);
    expect(main.prepare('select count(*) as n from t').get()).toEqual({ n: 1 });
  });

  it('rejects a bad read with SQLite’s message and keeps answering', async () => {
    const { reader } = database();
    await expect(reader.read('select nope from t', [])).rejects.toThrow(/no such column: nope/);
    expect((await reader.read('select name from t', []))?.rows).toEqual([{ name: 'first' }]);
  });

  it('when its worker cannot start, the read fails and the next ones are left to the caller', async () => {
    const reader = new SqliteReader(path.join(os.tmpdir(), 'shopdesk-reader-missing', 'none.sqlite'));
    cleanups.push(() => reader.close());
    await expect(reader.read('select 1', [])).rejects.toThrow();
    expect(reader.read('select 1', [])).toBeUndefined();
  });

  it('after close, leaves every read to the caller', async () => {
    const { reader } = database();
    expect((await reader.read('select 1 as one', []))?.rows).toEqual([{ one: 1 }]);
    await reader.close();
    expect(reader.read('select 1 as one', [])).toBeUndefined();
  });
});
