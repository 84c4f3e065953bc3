import type { TrustProxy } from '../config';

/** Fastify's own trust function signature (`trustProxy` as a function, documented). */
export type TrustProxyFunction = (address: string, hop: number) => boolean;

/**
 * TRUST_PROXY as Fastify's `trustProxy` option. A list or true/false goes as it is. A hop count
 * becomes a trust function: Fastify 5.12 ignores a plain number (it trusts nobody, since a hop
 * count cannot tell the proxy from a client that reaches the server directly), so `n` trusts the
 * first `n` hops from the socket inward, which is right only when nothing but the proxy can reach
 * the server (docs/operations.md says so, and server.ts warns when it listens beyond loopback).
 */
export function fastifyTrustProxy(setting: TrustProxy): boolean | string[] | TrustProxyFunction {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}
