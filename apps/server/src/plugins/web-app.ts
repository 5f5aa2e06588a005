import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Vite names every built asset `assets/<name>-<hash>.<ext>`: its content never changes under that name. */
const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+-[\w-]{8,}\.\w+(\.br|\.gz)?$/;

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/**
 * The built web app (apps/web/dist): the hash router needs only index.html and the assets. The build
 * writes a `.br` and a `.gz` next to every text asset (apps/web/vite.config.ts), served with
 * `Content-Encoding` to browsers that accept them (`Vary: Accept-Encoding` either way). Hashed assets are
 * cached for a year; everything else (index.html first of all) is revalidated on every visit, so a
 * release is picked up at once. Nothing is registered when there is no build.
 */
export async function registerWebApp(app: FastifyInstance, root: string): Promise<void> {
  if (!fs.existsSync(path.join(root, 'index.html'))) return;
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    // An array: with a string, a pre-compressed `/` is not found (findIndexFile expects a list).
    index: ['index.html'],
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, file) => {
      reply.header('cache-control', HASHED_ASSET.test(file) ? IMMUTABLE : REVALIDATE);
    },
  });
  // The app routes by the hash; an address typed or bookmarked without it (`/console`, `/login`) lands on
  // the same page rather than on a 404.
  const pages: Record<string, string> = {
    '/console': '/#/console',
    '/login': '/#/components/login',
    '/register': '/#/components/register',
  };
  for (const [from, to] of Object.entries(pages)) app.get(from, (_req, reply) => reply.redirect(to, 302));
}
