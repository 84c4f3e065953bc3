import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { isUploadPath, maxImageBytes } from '@shopdesk/contract';
import type { AppContext } from '../../context';
import { HttpError } from '../../lib/http-error';
import { prepareImage, saveImage } from '../../lib/image-files';

/**
 * Images named by URL in an import (api.md §13): this shop's own uploads are kept as they are;
 * any other http(s) URL is downloaded (bounded in time and size, at most a few redirects) and
 * goes through the same checks and re-encoding as an upload (saveImage). Addresses inside the
 * network (loopback, private, link-local, …) are refused unless IMPORT_ALLOW_PRIVATE_URLS: an
 * import must not become a way to read the server's neighbours. The address is checked where the
 * connection is made (the request's own DNS lookup), so a name cannot change between the check
 * and the connection.
 */

const blocked = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(address, prefix, 'ipv4');
}
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(address, prefix, 'ipv6');
}

/** True for an address inside the network (an IPv4 address written as IPv6 counts as IPv4). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return blocked.check(mapped, 'ipv4');
  return blocked.check(address, net.isIPv6(address) ? 'ipv6' : 'ipv4');
}

const maxRedirects = 3;

export interface DownloadLimits {
  allowPrivate: boolean;
  timeoutMs: number;
  maxBytes: number;
}

/** A refusal whose words go into the row's error. */
class Refused extends Error {}

function checkedLookup(allowPrivate: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const list = addresses as dns.LookupAddress[];
      const usable = allowPrivate ? list : list.filter((entry) => !isPrivateAddress(entry.address));
      if (usable.length === 0) return callback(new Refused('its address is inside the network'), '', 4);
      if ((options as dns.LookupAllOptions).all) return callback(null, usable as never);
      const first = usable[0] as dns.LookupAddress;
      callback(null, first.address, first.family);
    });
  };
}

function get(url: URL, limits: DownloadLimits, signal: AbortSignal, redirects: number): Promise<Buffer> {
  // An address written in the URL is connected to without a lookup: checked here instead.
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(literal) && !limits.allowPrivate && isPrivateAddress(literal)) {
    return Promise.reject(new Refused('its address is inside the network'));
  }
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.get(url, { lookup: checkedLookup(limits.allowPrivate), signal }, (response) => {
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        if (redirects >= maxRedirects) return reject(new Refused('too many redirects'));
        const next = new URL(response.headers.location, url);
        if (next.protocol !== 'http:' && next.protocol !== 'https:')
          return reject(new Refused('redirected away from http(s)'));
        return resolve(get(next, limits, signal, redirects + 1));
      }
      if (status !== 200) {
        response.resume();
        return reject(new Refused(`the server answered ${status}`));
      }
      const declared = Number(response.headers['content-length'] ?? 0);
      if (declared > limits.maxBytes) {
        response.destroy();
        return reject(new Refused('it is larger than an upload may be'));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > limits.maxBytes) {
          response.destroy();
          reject(new Refused('it is larger than an upload may be'));
          return;
        }
        chunks.push(chunk);
      });
      response.on('end', () => resolve(Buffer.concat(chunks, size)));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** The URL's bytes, or a Refused error saying why not. */
export async function download(text: string, limits: DownloadLimits): Promise<Buffer> {
  const url = new URL(text);
  const signal = AbortSignal.timeout(limits.timeoutMs);
  try {
    return await get(url, limits, signal, 0);
  } catch (error) {
    if (error instanceof Refused) throw error;
    if (signal.aborted) throw new Refused(`no answer within ${Math.round(limits.timeoutMs / 1000)} s`);
    const cause = (error as { cause?: unknown }).cause;
    if (cause instanceof Refused) throw cause;
    throw new Refused((error as Error).message || 'the download failed');
  }
}

/** Where an image entry comes from: a stored upload (its path), a URL to download, or nothing usable. */
export function imageSource(
  entry: string,
  ownBases: readonly string[],
): { path: string } | { url: string } | undefined {
  if (isUploadPath(entry)) return { path: entry };
  // This shop's absolute URL (as export writes it) cut back to its path, as the image-URL plugin does for bodies.
  for (const base of ownBases) {
    const rest = entry.startsWith(base) ? entry.slice(base.length) : '';
    if (isUploadPath(rest)) return { path: rest };
  }
  return /^https?:\/\/[^\s]+$/i.test(entry) && URL.canParse(entry) ? { url: entry } : undefined;
}

/**
 * Downloads remembered for the length of one job run: each URL is fetched once however many rows
 * name it. A dry run checks the image but stores nothing.
 */
export class ImageFetcher {
  readonly #known = new Map<string, Promise<string>>();

  constructor(
    private readonly ctx: AppContext,
    private readonly store: boolean,
  ) {}

  /** The stored path of the image at `url` (`/uploads/products/…`); rejects with the reason in words. */
  fetch(url: string): Promise<string> {
    let known = this.#known.get(url);
    if (!known) {
      known = this.#fetch(url);
      known.catch(() => {});
      this.#known.set(url, known);
    }
    return known;
  }

  async #fetch(url: string): Promise<string> {
    const { importImages } = this.ctx.config;
    const bytes = await download(url, { ...importImages, maxBytes: maxImageBytes });
    try {
      if (!this.store) {
        await this.ctx.imageWork.run(() => prepareImage(bytes, 'products'));
        return `/uploads/products/${'0'.repeat(24)}.png`;
      }
      const saved = await saveImage({ store: this.ctx.imageStore, work: this.ctx.imageWork }, bytes, 'products');
      return `/uploads/${saved.filePath}`;
    } catch (error) {
      if (error instanceof HttpError) throw new Refused(error.message);
      throw error;
    }
  }
}

export const isRefusal = (error: unknown): error is Error => error instanceof Refused;
