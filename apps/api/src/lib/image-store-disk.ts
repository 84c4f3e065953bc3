import fs from 'node:fs/promises';
import path from 'node:path';
import type { ImageStore, StoredImageInfo } from './image-store';
import { isStoredKey } from './image-store';
import { makePrivateDir, privateDirMode } from './private-files';

/** The local-disk store: `DATA_DIR/uploads/<folder>/<name>` (the default). */
export function createDiskImageStore(root: string): ImageStore {
  // Readable by the server's account only, like the rest of DATA_DIR (private-files.ts).
  makePrivateDir(root);
  const fileOf = (key: string) => {
    // Keys are checked by the callers too; a store never touches a path it did not make.
    if (!isStoredKey(key)) throw new Error(`not an image key: ${key}`);
    return path.join(root, key);
  };
  // The weak tag @fastify/static (send) gave these files: browsers' cached copies stay valid.
  const infoOf = (stat: { size: number; mtime: Date }): StoredImageInfo => ({
    size: stat.size,
    lastModified: stat.mtime,
    etag: `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`,
  });
  return {
    kind: 'disk',
    async put(key, body) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true, mode: privateDirMode });
      // Write then rename, so a crash never leaves half a file under a served name.
      await fs.writeFile(`${file}.tmp`, body);
      await fs.rename(`${file}.tmp`, file);
    },
    async head(key) {
      const stat = await fs.stat(fileOf(key)).catch(() => undefined);
      return stat?.isFile() ? infoOf(stat) : undefined;
    },
    async read(key) {
      const handle = await fs.open(fileOf(key), 'r').catch(() => undefined);
      if (!handle) return undefined;
      const stat = await handle.stat();
      if (!stat.isFile()) {
        await handle.close();
        return undefined;
      }
      return { ...infoOf(stat), body: handle.createReadStream() };
    },
    async delete(keys) {
      for (const key of keys) await fs.rm(fileOf(key), { force: true });
    },
    async *list() {
      const folders = await fs.readdir(root).catch(() => [] as string[]);
      for (const folder of folders) {
        const names = await fs.readdir(path.join(root, folder)).catch(() => [] as string[]);
        for (const name of names) {
          const key = `${folder}/${name}`;
          if (!isStoredKey(key)) continue;
          const stat = await fs.stat(path.join(root, key)).catch(() => undefined);
          if (stat?.isFile()) yield { key, lastModified: stat.mtime };
        }
      }
    },
    async close() {},
  };
}
