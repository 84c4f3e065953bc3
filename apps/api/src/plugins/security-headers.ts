import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';

/**
 * A strict Content-Security-Policy for the dashboard: scripts only from this origin, no
 * plugins, no <base>, no framing. MUI injects its styles at run time, hence style 'unsafe-inline'.
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
  await app.register(helmet, {
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
});
