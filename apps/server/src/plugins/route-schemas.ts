import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';

/** A route as registered: what the check and the test read. */
export interface RegisteredRoute {
  method: string;
  url: string;
  hasResponseSchema: boolean;
}

const registered = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/** The built SPA's own files (`/assets/index-3f2a.js`), served by @fastify/static: not an API. */
const isSpaFile = (url: string) => !url.startsWith('/api/') && /\.[a-z0-9]+$/i.test(url);

/**
 * Every route declares its responses (fastify/demo's rule): the OpenAPI document at /api/docs is built
 * from them, and a JSON body is serialised through its schema, so nothing undeclared leaves. A route
 * without a response schema stops the app from building, in every environment.
 */
export function requireResponseSchemas(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  registered.set(app, routes);
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const hasResponseSchema = Boolean(route.schema?.response && Object.keys(route.schema.response).length > 0);
    for (const method of methods) routes.push({ method, url: route.url, hasResponseSchema });
    if (!hasResponseSchema && !isSpaFile(route.url)) throw new Error(`${methods.join(',')} ${route.url} has no response schema`);
  });
}

/** The routes registered so far (for the test that lists them). */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  return registered.get(app) ?? [];
}

/**
 * A response that is not JSON (an MP3 stream, server-sent events, a PDF, an HTML page), declared by its
 * media type so that the OpenAPI document says what comes back.
 */
export function mediaResponse(mediaType: string, description: string) {
  // Typed `unknown`: the route sends a stream, a Buffer or ready text, which Fastify passes through.
  return { description, content: { [mediaType]: { schema: z.unknown().meta({ type: 'string', description }) } } };
}
