import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A stand-in for the built web app's index.html, so server tests do not depend on a web build
 * (the end-to-end tests use the real one).
 */
export function fakeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log("app")');
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="zh-Hant-TW"><head><meta charset="utf-8"><!--app-head--></head><body><div id="root"><!--app-frame--></div></body></html>',
  );
  // What apps/web/page-chunks.ts writes: the files a page's first render needs (ADR 0035).
  fs.writeFileSync(
    path.join(dir, 'page-chunks.json'),
    JSON.stringify({
      BrowsePage: {
        js: ['/assets/BrowsePage-x.js', '/assets/envelope-x.js'],
        css: ['/assets/BrowsePage-x.css'],
      },
      LivePage: { js: ['/assets/LivePage-x.js'], css: [] },
    }),
  );
  return dir;
}

/** A stand-in for the built console (apps/console/dist): its index.html and one hashed asset. */
export function fakeConsoleDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-console-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'assets', 'index-x.js'), 'console.log("console")');
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="zh-Hant-TW"><head><meta charset="utf-8"><title>營運後台</title><script type="module" src="/console/assets/index-x.js"></script></head><body><div id="root"></div></body></html>',
  );
  return dir;
}
