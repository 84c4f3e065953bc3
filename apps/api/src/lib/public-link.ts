import type { Config } from '../config';

/**
 * Where links mailed to people point (password resets, staff invitations). Never the request's
 * Host header (an attacker could have a victim mailed a link to their own host): PUBLIC_URL,
 * else the address the server listens on.
 */
export function publicBase(config: Pick<Config, 'publicUrl' | 'host' | 'port'>): string {
  if (config.publicUrl) return config.publicUrl;
  const host = ['0.0.0.0', '::'].includes(config.host) ? '127.0.0.1' : config.host;
  return `http://${host}:${config.port}`;
}
