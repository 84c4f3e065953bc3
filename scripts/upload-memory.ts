/**
 * `npx tsx scripts/upload-memory.ts [--api-dir DIR] [--uploads 8] [--files 10] [--s3] [-- ENV=VALUE ...]`
 *
 * The memory figure of issue 17: starts the API from source (`node --import tsx`, one process,
 * so its pid is the server's) on a fresh SQLite folder, signs in, then fires `--uploads`
 * parallel uploads of `--files` noise PNGs of ~9.5 MB each (every one inside the per-file and
 * per-request limits) and prints each answer's status, the server's resident memory before the
 * uploads and its peak (VmHWM from /proc, so Linux only). `--api-dir` points at another
 * checkout's apps/api (with its node_modules) to measure an older version the same way; `--s3`
 * stores the images in an S3 test server (scripts/s3-server.ts) instead of the data folder.
 * Not a test: figures depend on the machine; run it alone.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { type S3Server, start as startS3 } from './s3-server';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? (args[at + 1] ?? fallback) : fallback;
};
const apiDir = path.resolve(option('api-dir', path.join(here, '../apps/api')));
const uploads = Number(option('uploads', '8'));
const filesPerUpload = Number(option('files', '10'));
const extraEnv = Object.fromEntries(
  args
    .slice(args.indexOf('--') >= 0 ? args.indexOf('--') + 1 : args.length)
    .map((pair) => pair.split('=', 2) as [string, string]),
);

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** Resident memory figures of a process, in bytes: now (VmRSS) and the peak so far (VmHWM). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: field('VmRSS'), peak: field('VmHWM') };
}

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startServer(
  dataDir: string,
  storeEnv: Record<string, string>,
): Promise<{ child: ChildProcess; baseUrl: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(apiDir, 'src/server.ts')], {
    cwd: path.resolve(apiDir, '../..'),
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED: 'none',
      ADMIN_EMAIL: 'owner@shop.test',
      ADMIN_PASSWORD: 'owner-password-1',
      LOG_LEVEL: 'warn',
      ...storeEnv,
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let tries = 0; tries < 300; tries += 1) {
    if (
      (await fetch(`${baseUrl}/api/health`)
        .then((r) => r.ok)
        .catch(() => false)) === true
    )
      return { child, baseUrl };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error('the server did not become healthy in 30 s');
}

/** ~9.5 MB of PNG: 1,780 × 1,780 pixels of noise (3.2 megapixels), which PNG cannot shrink. */
async function noisePng(): Promise<Buffer> {
  const side = 1780;
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

function multipartBody(file: Buffer, count: number) {
  const boundary = `----memory${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (let n = 0; n < count; n += 1) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="noise${n}.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      file,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-upload-memory-'));
const s3: S3Server | undefined = args.includes('--s3') ? await startS3() : undefined;
const { child, baseUrl } = await startServer(dataDir, s3?.env ?? {});
try {
  const pid = child.pid as number;
  const signIn = await fetch(`${baseUrl}/api/user/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'owner@shop.test', password: 'owner-password-1' }),
  });
  const { token } = (await signIn.json()) as { token: string };
  const png = await noisePng();
  const { body, type } = multipartBody(png, filesPerUpload);
  const before = memoryOf(pid);
  let highest = before.rss;
  const sampler = setInterval(() => {
    highest = Math.max(highest, memoryOf(pid).rss);
  }, 20);
  const started = Date.now();
  const answers = await Promise.all(
    Array.from({ length: uploads }, async () => {
      const res = await fetch(`${baseUrl}/api/products/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': type },
        body,
      });
      const text = await res.text();
      return `${res.status}${res.ok ? '' : ` ${text}`}`;
    }),
  );
  clearInterval(sampler);
  const after = memoryOf(pid);
  process.stdout.write(
    [
      `api: ${apiDir} (images ${s3 ? 'in an S3 test server' : 'on disk'})`,
      `${uploads} parallel uploads of ${filesPerUpload} × ${mb(png.length)} PNG (${mb(body.length)} a request) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      `answers: ${answers.join(', ')}`,
      `server RSS before the uploads: ${mb(before.rss)}; peak during them: ${mb(Math.max(highest, after.peak))} (VmHWM ${mb(after.peak)}); after: ${mb(after.rss)}`,
      '',
    ].join('\n'),
  );
} finally {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  await s3?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
