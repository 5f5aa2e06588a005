import type { FastifyCorsOptions } from '@fastify/cors';

/** CORS_ORIGINS as a list; empty means same origin only (no CORS headers at all). */
export function corsOrigins(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * The HTTP CORS options for the configured origins: every method a call uses (the spot cancel is a PUT),
 * and the headers our clients send (`Authorization` with the raw token, `X-Locale`, JSON bodies).
 */
export function corsOptions(origins: readonly string[]): FastifyCorsOptions {
  if (origins.length === 0) return { origin: false };
  return {
    origin: [...origins],
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'X-Locale', 'X-Requested-With'],
    maxAge: 600,
  };
}

/** Paths of images a page on a configured origin shows: news banners and uploaded images. */
const IMAGE_PATHS = ['/banners/', '/uploads/'];

/**
 * Whether `url` gets `Cross-Origin-Resource-Policy: cross-origin` instead of the global `same-origin`:
 * image routes, only when origins are configured. CORP cannot name origins, so a web app hosted on
 * another origin needs `cross-origin` to show banners and uploaded images; uploads stay protected by
 * their unguessable names and, until claimed, by not being served at all.
 */
export function isCrossOriginImage(origins: readonly string[], url: string): boolean {
  return origins.length > 0 && IMAGE_PATHS.some((p) => url.startsWith(p));
}
