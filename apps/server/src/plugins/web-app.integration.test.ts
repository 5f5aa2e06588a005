import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadEnv } from '../env';

// A fake build in a temporary folder: index.html and a hashed script, each with the .br and .gz the
// web build writes, plus an asset without compressed siblings and an unhashed public file.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oryx-web-app-'));
const dist = path.join(dir, 'dist');
const html =
  '<!doctype html><html><head><script type="module" src="/assets/index-CATgIM-G.js"></script></head></html>';
const js = `export const answer = ${'42 + '.repeat(500)}0;\n`;

function writeWithSiblings(file: string, body: string): void {
  fs.writeFileSync(file, body);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body));
}

describe('the built web app: compressed, cached by name', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeWithSiblings(path.join(dist, 'index.html'), html);
    writeWithSiblings(path.join(dist, 'assets', 'index-CATgIM-G.js'), js);
    fs.writeFileSync(path.join(dist, 'assets', 'logo-B5ygEmvq.svg'), '<svg/>');
    fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
    const env = loadEnv({
      DATABASE_URL: `file:${path.join(dir, 'oryx.db')}`,
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: dist,
    });
    app = await buildApp({ env, sockets: false, seed: false, background: false });
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves a hashed script as brotli, then gzip, then plain, cached for a year', async () => {
    const br = await app.inject({
      url: '/assets/index-CATgIM-G.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(js);

    const gz = await app.inject({ url: '/assets/index-CATgIM-G.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['vary']).toMatch(/accept-encoding/i);
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(js);

    const plain = await app.inject({
      url: '/assets/index-CATgIM-G.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toMatch(/accept-encoding/i);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.body).toBe(js);
  });

  it('revalidates index.html on every visit, compressed too', async () => {
    for (const url of ['/', '/index.html']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(html);
    }
    const plain = await app.inject({ url: '/' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body).toBe(html);
  });

  it('serves a file without compressed siblings as it is; unhashed files are revalidated', async () => {
    const svg = await app.inject({
      url: '/assets/logo-B5ygEmvq.svg',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-encoding']).toBeUndefined();
    expect(svg.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await app.inject({ url: '/favicon.svg', headers: { 'accept-encoding': 'br, gzip' } });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('sends /console, /login and /register to their pages under the hash router', async () => {
    for (const [from, to] of [
      ['/console', '/#/console'],
      ['/login', '/#/components/login'],
      ['/register', '/#/components/register'],
    ]) {
      const res = await app.inject({ url: from! });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(to);
    }
  });

  it('leaves the API alone', async () => {
    const res = await app.inject({ url: '/healthz', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).not.toBe('public, max-age=31536000, immutable');
  });
});
