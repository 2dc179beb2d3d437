import { describe, expect, it } from 'vitest';
import { stylesheetFirst } from './stylesheet-first';

const built = `<!doctype html>
<html lang="zh-Hant-TW">
  <head>
    <meta charset="utf-8" />
    <!--app-head-->
    <script type="module" crossorigin src="/assets/index-A.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/chunk-B.js">
    <link rel="stylesheet" crossorigin href="/assets/index-C.css">
  </head>
  <body>
    <div id="root"><!--app-frame--></div>
  </body>
</html>
`;

describe('the built page puts its stylesheet first', () => {
  it('moves the stylesheet ahead of the page head and the scripts, once', () => {
    const html = stylesheetFirst(built);
    const at = (text: string) => html.indexOf(text);
    expect(html.match(/rel="stylesheet"/g)).toHaveLength(1);
    expect(at('index-C.css')).toBeLessThan(at('<!--app-head-->'));
    expect(at('<!--app-head-->')).toBeLessThan(at('index-A.js'));
    expect(at('<meta charset')).toBeLessThan(at('index-C.css'));
    // Nothing else moved or went.
    expect(html.replace(/\s+/g, '')).toHaveLength(built.replace(/\s+/g, '').length);
  });

  it('leaves a page without the head marker or a stylesheet as it is', () => {
    expect(stylesheetFirst(built.replace('<!--app-head-->', ''))).toBe(
      built.replace('<!--app-head-->', ''),
    );
    const plain = built.replace(/.*rel="stylesheet".*\n/, '');
    expect(stylesheetFirst(plain)).toBe(plain);
  });
});
