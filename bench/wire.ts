import http from 'node:http';

/**
 * Bytes on the wire of one answer as a browser would get it with `Accept-Encoding: <encoding>`:
 * the body as sent, before decompression (fetch would decompress), and the encoding the server
 * named in `Content-Encoding` ('identity' when none).
 */
export function wireBytes(
  url: string,
  headers: Record<string, string>,
  encoding: 'br' | 'gzip' | 'identity',
): Promise<{ bytes: number; contentEncoding: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { ...headers, 'accept-encoding': encoding } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () => resolve({ bytes, contentEncoding: String(res.headers['content-encoding'] ?? 'identity') }));
      res.on('error', reject);
    });
    request.on('error', reject);
  });
}
