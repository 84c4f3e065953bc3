import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { messages } from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';

/**
 * The built dashboard with a history fallback to index.html; unknown `/api/*` paths answer 404
 * in the API's error shape. (`/uploads/*` comes from the image store: uploaded-files.ts.)
 */
export const staticFilesPlugin = fp(async (app: FastifyInstance, { config }: { config: Config }) => {
  const dist = config.adminDist;
  const hasDashboard = dist !== undefined && fs.existsSync(path.join(dist, 'index.html'));
  if (hasDashboard) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      wildcard: false,
      index: ['index.html'],
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
    const isPage = request.method === 'GET' && !request.url.startsWith('/api/') && !request.url.startsWith('/uploads/');
    if (isPage && hasDashboard)
      return reply.type('text/html').header('Cache-Control', 'no-cache').sendFile('index.html', dist);
    return reply.status(404).send({ error: true, msg: messages.notFound });
  });
});
