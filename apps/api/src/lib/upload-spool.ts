import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { HttpError } from './http-error';

/**
 * An upload's files go to a private temporary folder as they arrive, never whole into memory:
 * a parallel upload costs a stream's buffer until its turn to be decoded (image-work.ts), and
 * libvips reads the file itself. The folder is removed when the request ends, whatever happened.
 */
export class UploadSpool {
  private constructor(readonly dir: string) {}
  #count = 0;

  static async open(): Promise<UploadSpool> {
    return new UploadSpool(await fs.promises.mkdtemp(path.join(os.tmpdir(), 'shopdesk-upload-')));
  }

  /** Writes the stream to a new file, refusing (413, `tooLarge`) the moment it passes `maxBytes`. */
  async take(stream: NodeJS.ReadableStream, maxBytes: number, tooLarge: string): Promise<string> {
    this.#count += 1;
    const file = path.join(this.dir, `part-${this.#count}`);
    let size = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        done(size > maxBytes ? new HttpError(413, tooLarge) : null, chunk);
      },
    });
    await pipeline(stream, limit, fs.createWriteStream(file, { mode: 0o600 }));
    return file;
  }

  /** Removes a file once it has been used: a request holds at most one file's bytes on disk. */
  async release(file: string): Promise<void> {
    await fs.promises.rm(file, { force: true });
  }

  async close(): Promise<void> {
    await fs.promises.rm(this.dir, { recursive: true, force: true });
  }
}
