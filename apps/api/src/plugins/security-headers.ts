import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';

/**
 * A strict Content-Security-Policy for the dashboard: scripts only from this origin, no
 * plugins, no <base>, no framing. MUI injects its styles at run time, hence style 'unsafe-inline'.
 * The headers never depend on the request, so helmet computes them once at start and every
 * answer gets the same set (helmet per request rebuilt the policy text each time).
 */
export const securityHeaders = fp(async (app: FastifyInstance, { config }: { config: Config }) => {
  // Google sign-in keeps the account's Google picture as its avatar: that one host is allowed too.
  const imageSources = [
    "'self'",
    'data:',
    'blob:',
    'https://*.googleusercontent.com',
    ...(config.publicUrl ? [config.publicUrl] : []),
  ];
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: imageSources,
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    strictTransportSecurity: config.publicUrl?.startsWith('https://')
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // Sign In with Google: the popup must keep its opener across the provider's pages (api.md §8).
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
});

/** The headers helmet sets with these options, read off one run of its middleware. */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}
