import fs from 'node:fs';
import SQLite from 'better-sqlite3';

/** Pages copied per backup step: all of them, so the copy is one read of one snapshot. */
const everyPage = 0x7fffffff;

export interface BackupResult {
  pages: number;
  bytes: number;
}

/**
 * An online backup of a live SQLite database (better-sqlite3's `backup()`, SQLite's backup API)
 * into `target`, a new file (0600: it holds password hashes and sessions). The server may keep
 * writing meanwhile: in WAL mode a reader blocks no writer, and the copy is taken in one step,
 * one snapshot, so writes of another process cannot make it start over (SQLite restarts a
 * step-by-step backup whenever another connection writes between steps). The copy is checked
 * (`integrity_check`) before this resolves; a failed backup leaves no file behind.
 */
export async function backupSqlite(source: string, target: string): Promise<BackupResult> {
  if (!fs.existsSync(source)) throw new Error(`no SQLite database at ${source}`);
  if (fs.existsSync(target)) throw new Error(`${target} already exists (a backup never overwrites a file)`);
  const database = new SQLite(source, { fileMustExist: true });
  try {
    database.pragma('busy_timeout = 5000');
    // `wx`: never overwrite an earlier backup; the mode is set before a byte is written.
    fs.writeFileSync(target, '', { flag: 'wx', mode: 0o600 });
    try {
      const { totalPages } = await database.backup(target, { progress: () => everyPage });
      checkIntegrity(target);
      return { pages: totalPages, bytes: fs.statSync(target).size };
    } catch (error) {
      fs.rmSync(target, { force: true });
      throw error;
    }
  } finally {
    database.close();
  }
}

function checkIntegrity(file: string) {
  const copy = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const result = copy.pragma('integrity_check', { simple: true });
    if (result !== 'ok') throw new Error(`the backup fails SQLite's integrity check: ${String(result)}`);
  } finally {
    copy.close();
  }
}
