import fs from 'node:fs';

/**
 * The shop's data and keys in DATA_DIR (the SQLite database, its -wal and -shm, the generated JWT
 * secret) are readable by the server's own account only: files 0600, the folders we make 0700.
 * A folder that already exists (an operator's volume) keeps its mode; a file of ours that an older
 * version left readable by others is tightened at start.
 */
export const privateFileMode = 0o600;
export const privateDirMode = 0o700;

/** Makes the folder and any missing parents, 0700 each; existing folders are left as they are. */
export function makePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: privateDirMode });
}

/** Takes group and other permissions off an existing file; a missing one is left missing. */
export function tightenFile(file: string): void {
  let mode: number;
  try {
    mode = fs.statSync(file).mode;
  } catch {
    return;
  }
  if ((mode & 0o077) !== 0) fs.chmodSync(file, privateFileMode);
}

/**
 * Creates the file empty with mode 0600 when it is missing (before a library opens it with its
 * own default mode: SQLite makes new files 0644 and gives -wal and -shm the mode of the database),
 * and tightens it when it exists.
 */
export function ensurePrivateFile(file: string): void {
  fs.closeSync(fs.openSync(file, 'a', privateFileMode));
  tightenFile(file);
}
