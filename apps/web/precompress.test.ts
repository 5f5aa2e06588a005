import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { precompress } from './precompress';

describe('build: pre-compressed assets', () => {
  it('writes .br and .gz next to text files worth compressing, and nothing else', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'oryx-precompress-'));
    const assets = path.join(root, 'dist', 'assets');
    fs.mkdirSync(assets, { recursive: true });
    const js = `export const rows = [${'{"price":"64000.00"},'.repeat(200)}];\n`;
    fs.writeFileSync(path.join(assets, 'index-CATgIM-G.js'), js);
    fs.writeFileSync(path.join(root, 'dist', 'index.html'), `<!doctype html>${'<p>Oryx</p>'.repeat(200)}`);
    fs.writeFileSync(path.join(assets, 'tiny-B5ygEmvq.css'), 'a{color:red}');
    fs.writeFileSync(path.join(assets, 'logo-B5ygEmvq.png'), Buffer.alloc(4096, 7));

    const plugin = precompress() as unknown as {
      configResolved(config: { root: string; build: { outDir: string } }): void;
      closeBundle(): Promise<void>;
    };
    plugin.configResolved({ root, build: { outDir: 'dist' } });
    await plugin.closeBundle();

    const file = path.join(assets, 'index-CATgIM-G.js');
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`)).toString()).toBe(js);
    expect(zlib.gunzipSync(fs.readFileSync(`${file}.gz`)).toString()).toBe(js);
    expect(fs.statSync(`${file}.br`).size).toBeLessThan(fs.statSync(`${file}.gz`).size);
    expect(fs.existsSync(path.join(root, 'dist', 'index.html.br'))).toBe(true);
    expect(fs.existsSync(path.join(root, 'dist', 'index.html.gz'))).toBe(true);
    // Too small to gain anything, and images are compressed formats already.
    expect(fs.existsSync(path.join(assets, 'tiny-B5ygEmvq.css.br'))).toBe(false);
    expect(fs.existsSync(path.join(assets, 'logo-B5ygEmvq.png.br'))).toBe(false);
    fs.rmSync(root, { recursive: true, force: true });
  });
});
