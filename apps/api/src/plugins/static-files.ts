import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isSignedOutPage, messages } from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';

/**
 * The built dashboard with a history fallback; unknown `/api/*` paths answer 404 in the API's
 * error shape. (`/uploads/*` comes from the image store: uploaded-files.ts.)
 *
 * The fallback page depends on the address. A signed-out page (the contract's list: /login,
 * /signUp, …) gets index.html, which loads the entry alone. Any other address is a signed-in
 * screen: it gets app.html (made by the build, vite.config.ts), the same page with a
 * `modulepreload` link for each chunk of the signed-in frame (MUI's theme, the routes, the
 * sidebar and header), so the browser fetches them beside the entry instead of after it ran.
 * A build without app.html serves index.html everywhere.
 */
export const staticFilesPlugin = fp(async (app: FastifyInstance, { config }: { config: Config }) => {
  const dist = config.adminDist;
  const hasDashboard = dist !== undefined && fs.existsSync(path.join(dist, 'index.html'));
  const signedInPage = dist !== undefined && fs.existsSync(path.join(dist, 'app.html')) ? 'app.html' : 'index.html';
  if (hasDashboard) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      wildcard: false,
      // `/` is a signed-in screen (the dashboard): the fallback below answers it.
      index: false,
      // The build writes a .br and a .gz beside every compressible file (vite.config.ts): sent
      // to clients that accept them, with Content-Encoding and Vary set by @fastify/static.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        // Hashed assets never change; index.html must always be fresh.
        res.header(
          'Cache-Control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      !request.url.startsWith('/uploads/');
    if (isPage && hasDashboard) {
      const page = isSignedOutPage(request.url.split('?')[0] ?? '/') ? 'index.html' : signedInPage;
      return reply.type('text/html').header('Cache-Control', 'no-cache').sendFile(page, dist);
    }
    return reply.status(404).send({ error: true, msg: messages.notFound });
  });
});
