import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { BuildOptions } from '../../src/app';
import type { RouteActivity } from '../../src/lib/activity-declaration';
import { createTestApp, type TestApp } from '../test-app';

/** One registered route as the server sees it (HEAD twins of GET routes left out). */
export interface RegisteredRoute {
  method: string;
  /** The full path with its prefix, without a trailing slash (`/api/homeBanner`, `/api/products/:id`). */
  url: string;
  /** `config.access` as declared: 'public' or undefined (deny by default). */
  access: 'public' | undefined;
  allowBeforeTwoFactor: boolean;
  /** `config.permission`: what the caller's role must hold (api.md §10), or `staff` (anyone on the staff). */
  permission: string | undefined;
  /** `config.refusal`: the spec's words for a caller without the permission (deletes). */
  refusal: string | undefined;
  /** `config.ownAccountParam`: the path parameter that must name the caller's own account. */
  ownAccountParam: string | undefined;
  /** `config.activity`: what the route writes to the activity log (lib/activity-declaration.ts). */
  activity: RouteActivity | undefined;
}

export const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

/**
 * Builds a test app and records every route it registers, through Fastify's own
 * `fastify.initialization` diagnostics channel: an onRoute hook is attached to the instance as
 * soon as buildApp creates it, before any module registers a route. Nothing in the app changes.
 */
export async function createAppWithRoutes(
  env: Record<string, string> = {},
  options: BuildOptions = {},
): Promise<{ t: TestApp; routes: RegisteredRoute[] }> {
  const seen = new Map<string, { method: string; url: string; route: RouteOptions }>();
  const channel = diagnostics.channel('fastify.initialization');
  const listener = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRoute', (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const url = route.url.length > 1 ? route.url.replace(/\/+$/, '') : route.url;
      for (const method of methods) {
        if (method === 'HEAD') continue;
        seen.set(routeKey({ method, url }), { method, url, route });
      }
    });
  };
  channel.subscribe(listener);
  let t: TestApp;
  try {
    t = await createTestApp(env, options);
  } finally {
    channel.unsubscribe(listener);
  }
  // Read once the app is built: an onRoute hook of the route's own plugin may still have set its
  // config after this one ran (the API documentation's routes are made public that way).
  const routes = [...seen.values()]
    .map(
      ({ method, url, route }): RegisteredRoute => ({
        method,
        url,
        access: route.config?.access,
        allowBeforeTwoFactor: route.config?.allowBeforeTwoFactor === true,
        permission: route.config?.permission,
        refusal: route.config?.refusal,
        ownAccountParam: route.config?.ownAccountParam,
        activity: route.config?.activity,
      }),
    )
    .sort((a, b) => routeKey(a).localeCompare(routeKey(b)));
  return { t, routes };
}
