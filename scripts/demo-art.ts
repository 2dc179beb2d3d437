/**
 * Draws the demo pictures (docs/adr/0004, amended 2026-11-26): one poster (320x480) and one still
 * (960x540, the banner and continue-watching picture) per title with the title's own name set in
 * Noto Serif CJK TC over a colour scheme and scene of its own, one picture per live channel with
 * its name (480x270), and the share image (1200x630).
 *
 * Each picture is an SVG written here and rasterised by ffmpeg's librsvg decoder, which finds the
 * fonts through fontconfig. The names and paths come from the seed itself (demoTitles,
 * demoChannels), so a renamed title gets its picture on the next run and no list is kept twice.
 *
 *   node --import tsx scripts/demo-art.ts OUT_DIR     (make-demo-media runs it)
 *
 * Needs ffmpeg built with librsvg and the Noto CJK fonts (Debian: apt-get install -y ffmpeg
 * fonts-noto-cjk); only this script needs them, never the install or the tests.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, statSync, writeFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { demoTitles, mainCategories, subcategories } from '../apps/server/src/demo/catalogue.js';
import { demoChannels } from '../apps/server/src/demo/live.js';
import { SITE_NAME } from '../packages/contract/src/pages.js';

const SERIF = 'Noto Serif CJK TC';
const SANS = 'Noto Sans CJK TC';

/** A title's colour scheme: sky top → sky bottom, the scene's far and near tones, an accent. */
interface Scheme {
  sky: [string, string];
  far: string;
  near: string;
  accent: string;
}
const SCHEMES: Scheme[] = [
  { sky: ['#0b1d3a', '#e76f51'], far: '#6b3a5b', near: '#1d1230', accent: '#ffd27a' },
  { sky: ['#031926', '#2a9d8f'], far: '#1f5f63', near: '#072b33', accent: '#e9f5db' },
  { sky: ['#10002b', '#7b2cbf'], far: '#3c096c', near: '#0d0221', accent: '#f72585' },
  { sky: ['#fdf0d5', '#f4a261'], far: '#c46d3b', near: '#6b2c16', accent: '#fff7e6' },
  { sky: ['#0d1b2a', '#415a77'], far: '#1b263b', near: '#080f18', accent: '#e0e1dd' },
  { sky: ['#2b0a0a', '#c1121f'], far: '#780000', near: '#1a0505', accent: '#fdf0d5' },
  { sky: ['#caf0f8', '#48cae4'], far: '#0096c7', near: '#023e8a', accent: '#ffffff' },
  { sky: ['#1b4332', '#95d5b2'], far: '#40916c', near: '#081c15', accent: '#f1faee' },
  { sky: ['#22223b', '#c9ada7'], far: '#4a4e69', near: '#14142a', accent: '#f2e9e4' },
  { sky: ['#ffafcc', '#cdb4db'], far: '#a2d2ff', near: '#5e548e', accent: '#ffffff' },
  { sky: ['#03071e', '#dc2f02'], far: '#6a040f', near: '#03071e', accent: '#ffba08' },
  { sky: ['#fefae0', '#dda15e'], far: '#bc6c25', near: '#283618', accent: '#fefae0' },
];

type Scene = 'city' | 'sea' | 'mountain' | 'space' | 'forest' | 'rays' | 'bokeh' | 'toys';

/** The scene a name suggests; otherwise one that suits the category. */
function sceneFor(name: string, subcategory: string, main: string): Scene {
  const by: [RegExp, Scene][] = [
    [/星|銀河|太空|月|宇|極光|末日|時間|夜/, 'space'],
    [/海|島|鯨|潮|燈塔|岸|深海|港/, 'sea'],
    [/山|極地|北方|邊境|風/, 'mountain'],
    [/森林|茶|貓|熊|恐龍|彩虹|音樂/, 'forest'],
    [/城市|首爾|東京|街|市場|便利店|醫院|法庭|學園|旅館|列車|鄰居|咖啡|家/, 'city'],
  ];
  for (const [re, scene] of by) if (re.test(name)) return scene;
  if (main === 'kids') return 'toys';
  if (main === 'documentary') return 'mountain';
  if (subcategory === 'movie-romance' || subcategory === 'movie-comedy') return 'bokeh';
  if (subcategory === 'movie-scifi') return 'space';
  return 'rays';
}

/** A small seeded PRNG (mulberry32) so that every run draws the same pictures. */
function random(seedText: string): () => number {
  let seed = 0;
  for (const ch of seedText) seed = (Math.imul(seed, 31) + ch.codePointAt(0)!) | 0;
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const r1 = (n: number) => Math.round(n * 10) / 10;

/** A ridge line across the width at base height y, jagged by amp. */
function ridge(rnd: () => number, w: number, h: number, y: number, amp: number, steps: number) {
  const pts: string[] = [`0,${h}`];
  for (let i = 0; i <= steps; i++) pts.push(`${r1((w * i) / steps)},${r1(y - rnd() * amp)}`);
  pts.push(`${w},${h}`);
  return pts.join(' ');
}

/** The scene's shapes over the sky, in a w×h box; horizon is the scene's baseline. */
function sceneSvg(scene: Scene, s: Scheme, rnd: () => number, w: number, h: number): string {
  const out: string[] = [];
  const horizon = h * 0.72;
  const sunX = w * (0.3 + rnd() * 0.45);
  const sunY = h * (0.35 + rnd() * 0.15);
  const sunR = Math.min(w, h) * (0.12 + rnd() * 0.06);
  const glow = `<circle cx="${r1(sunX)}" cy="${r1(sunY)}" r="${r1(sunR * 1.9)}" fill="${s.accent}" opacity="0.18" filter="url(#soft)"/>
<circle cx="${r1(sunX)}" cy="${r1(sunY)}" r="${r1(sunR)}" fill="${s.accent}" opacity="0.9"/>`;
  const stars = (n: number) => {
    for (let i = 0; i < n; i++)
      out.push(
        `<circle cx="${r1(rnd() * w)}" cy="${r1(rnd() * horizon)}" r="${r1(0.5 + rnd() * 1.4)}" fill="#fff" opacity="${r1(0.3 + rnd() * 0.6)}"/>`,
      );
  };
  switch (scene) {
    case 'space': {
      stars(Math.round((w * h) / 2500));
      const px = w * (0.25 + rnd() * 0.5);
      const py = h * (0.45 + rnd() * 0.15);
      const pr = Math.min(w, h) * 0.2;
      out.push(
        `<circle cx="${r1(px)}" cy="${r1(py)}" r="${r1(pr * 1.6)}" fill="${s.accent}" opacity="0.12" filter="url(#soft)"/>`,
        `<circle cx="${r1(px)}" cy="${r1(py)}" r="${r1(pr)}" fill="url(#planet)"/>`,
        `<ellipse cx="${r1(px)}" cy="${r1(py)}" rx="${r1(pr * 1.7)}" ry="${r1(pr * 0.35)}" fill="none" stroke="${s.accent}" stroke-width="${r1(pr * 0.06)}" opacity="0.7" transform="rotate(-18 ${r1(px)} ${r1(py)})"/>`,
      );
      break;
    }
    case 'sea': {
      out.push(glow);
      for (let i = 0; i < 6; i++) {
        const y = horizon + i * (h - horizon) * 0.18;
        const a = 4 + i * 2;
        const len = w / (3 + rnd() * 2);
        let d = `M0 ${r1(y)}`;
        for (let x = 0; x <= w + len; x += len / 2)
          d += ` Q${r1(x + len / 4)} ${r1(y - a)} ${r1(x + len / 2)} ${r1(y)}`;
        d += ` L${w} ${h} L0 ${h} Z`;
        out.push(
          `<path d="${d}" fill="${i % 2 ? s.near : s.far}" opacity="${r1(0.55 + i * 0.08)}"/>`,
        );
      }
      break;
    }
    case 'mountain': {
      out.push(glow);
      out.push(
        `<polygon points="${ridge(rnd, w, h, horizon - h * 0.12, h * 0.22, 7)}" fill="${s.far}" opacity="0.75"/>`,
      );
      out.push(
        `<polygon points="${ridge(rnd, w, h, horizon, h * 0.16, 11)}" fill="${s.near}" opacity="0.85"/>`,
      );
      out.push(
        `<polygon points="${ridge(rnd, w, h, horizon + h * 0.12, h * 0.08, 17)}" fill="${s.near}"/>`,
      );
      break;
    }
    case 'forest': {
      out.push(glow);
      for (let layer = 0; layer < 3; layer++) {
        const base = horizon + layer * h * 0.09;
        const tw = w / (14 - layer * 3);
        for (let x = -tw / 2; x < w + tw; x += tw * (0.55 + rnd() * 0.35)) {
          const th = tw * (1.6 + rnd() * 1.4);
          out.push(
            `<polygon points="${r1(x)},${r1(base - th)} ${r1(x - tw / 2)},${r1(base)} ${r1(x + tw / 2)},${r1(base)}" fill="${layer === 2 ? s.near : s.far}" opacity="${r1(0.6 + layer * 0.2)}"/>`,
          );
        }
        out.push(
          `<rect x="0" y="${r1(base - 1)}" width="${w}" height="${r1(h - base + 1)}" fill="${layer === 2 ? s.near : s.far}" opacity="${r1(0.6 + layer * 0.2)}"/>`,
        );
      }
      break;
    }
    case 'city': {
      stars(Math.round((w * h) / 9000));
      out.push(glow);
      for (let layer = 0; layer < 2; layer++) {
        const fill = layer ? s.near : s.far;
        for (let x = 0; x < w;) {
          const bw = w * (0.05 + rnd() * 0.08);
          const bh = h * (0.15 + rnd() * (layer ? 0.3 : 0.45));
          const top = horizon + layer * h * 0.1 - bh;
          out.push(
            `<rect x="${r1(x)}" y="${r1(top)}" width="${r1(bw + 1)}" height="${r1(h - top)}" fill="${fill}"/>`,
          );
          if (layer)
            for (let wy = top + 6; wy < h - 6; wy += 9)
              for (let wx = x + 4; wx < x + bw - 4; wx += 7)
                if (rnd() < 0.22)
                  out.push(
                    `<rect x="${r1(wx)}" y="${r1(wy)}" width="3" height="4" fill="${s.accent}" opacity="0.75"/>`,
                  );
          x += bw;
        }
      }
      break;
    }
    case 'rays': {
      const cx = w * (0.2 + rnd() * 0.6);
      const cy = h * 0.62;
      for (let i = 0; i < 14; i++) {
        const a0 = (i / 14) * Math.PI * 2 + rnd() * 0.1;
        const a1 = a0 + 0.12 + rnd() * 0.08;
        const R = Math.hypot(w, h);
        out.push(
          `<polygon points="${r1(cx)},${r1(cy)} ${r1(cx + R * Math.cos(a0))},${r1(cy + R * Math.sin(a0))} ${r1(cx + R * Math.cos(a1))},${r1(cy + R * Math.sin(a1))}" fill="${s.accent}" opacity="0.09"/>`,
        );
      }
      out.push(
        `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(Math.min(w, h) * 0.22)}" fill="${s.accent}" opacity="0.35" filter="url(#soft)"/>`,
      );
      out.push(`<polygon points="${ridge(rnd, w, h, h * 0.86, h * 0.05, 9)}" fill="${s.near}"/>`);
      break;
    }
    case 'bokeh': {
      for (let i = 0; i < 22; i++) {
        const r = Math.min(w, h) * (0.03 + rnd() * 0.12);
        out.push(
          `<circle cx="${r1(rnd() * w)}" cy="${r1(h * 0.25 + rnd() * h * 0.7)}" r="${r1(r)}" fill="${i % 3 ? s.accent : s.far}" opacity="${r1(0.12 + rnd() * 0.3)}"/>`,
        );
      }
      break;
    }
    case 'toys': {
      const colours = ['#ffbe0b', '#fb5607', '#ff006e', '#8338ec', '#3a86ff', '#06d6a0'];
      for (let i = 0; i < 16; i++) {
        const r = Math.min(w, h) * (0.04 + rnd() * 0.08);
        const x = rnd() * w;
        const y = h * 0.3 + rnd() * h * 0.65;
        const c = colours[i % colours.length]!;
        out.push(
          i % 3 === 0
            ? `<rect x="${r1(x - r)}" y="${r1(y - r)}" width="${r1(r * 2)}" height="${r1(r * 2)}" rx="${r1(r * 0.35)}" fill="${c}" opacity="0.85" transform="rotate(${Math.round(rnd() * 40 - 20)} ${r1(x)} ${r1(y)})"/>`
            : `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(r)}" fill="${c}" opacity="0.85"/>`,
        );
      }
      break;
    }
  }
  return out.join('\n');
}

function defs(s: Scheme): string {
  return `<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${s.sky[0]}"/><stop offset="1" stop-color="${s.sky[1]}"/></linearGradient>
<radialGradient id="planet" cx="0.35" cy="0.35" r="0.8"><stop offset="0" stop-color="${s.accent}"/><stop offset="1" stop-color="${s.far}"/></radialGradient>
<linearGradient id="shadeDown" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0.55"/><stop offset="0.45" stop-color="#000" stop-opacity="0"/><stop offset="0.75" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.6"/></linearGradient>
<linearGradient id="shadeLeft" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.7"/><stop offset="0.55" stop-color="#000" stop-opacity="0"/></linearGradient>
<filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="14"/></filter>
<filter id="lift" x="-10%" y="-10%" width="120%" height="120%"><feGaussianBlur in="SourceAlpha" stdDeviation="3"/><feOffset dy="2"/><feComponentTransfer><feFuncA type="linear" slope="0.6"/></feComponentTransfer><feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>
</defs>`;
}

/** Splits a long name over two lines at a space, a colon or its middle. */
function nameLines(name: string, maxChars: number): string[] {
  const chars = [...name];
  if (chars.length <= maxChars) return [name];
  const cut = name.search(/[ ：:]/);
  if (cut > 0) return [name.slice(0, cut), name.slice(cut + 1)];
  const half = Math.ceil(chars.length / 2);
  return [chars.slice(0, half).join(''), chars.slice(half).join('')];
}

interface Art {
  name: string;
  tagline: string;
  footer: string;
  scene: Scene;
  scheme: Scheme;
  seed: string;
}

function posterSvg(a: Art): string {
  const w = 320;
  const h = 480;
  const rnd = random(`${a.seed}:poster`);
  const chars = [...a.name];
  // Short names stand vertically down the right side, as Chinese posters often set them; longer
  // ones run across the top on one or two lines.
  const vertical = chars.length <= 5 && rnd() < 0.5;
  let title: string;
  if (vertical) {
    const size = Math.min(58, Math.floor(300 / chars.length));
    title = chars
      .map(
        (c, i) =>
          `<text x="${w - 28 - size / 2}" y="${40 + size * (i + 1) * 1.05}" font-family="${SERIF}" font-weight="700" font-size="${size}" fill="#fff" text-anchor="middle">${esc(c)}</text>`,
      )
      .join('\n');
    title += `\n<text x="${w - 40 - size}" y="60" font-family="${SANS}" font-size="13" fill="#fff" opacity="0.85" writing-mode="tb" letter-spacing="3">${esc(a.tagline)}</text>`;
  } else {
    const lines = nameLines(a.name, 6);
    const longest = Math.max(...lines.map((l) => [...l].length));
    const size = Math.min(54, Math.floor(280 / longest));
    title = lines
      .map(
        (l, i) =>
          `<text x="${w / 2}" y="${70 + size * (i + 1) * 1.1}" font-family="${SERIF}" font-weight="700" font-size="${size}" fill="#fff" text-anchor="middle" letter-spacing="${Math.round(size / 12)}">${esc(l)}</text>`,
      )
      .join('\n');
    title += `\n<text x="${w / 2}" y="${70 + size * lines.length * 1.1 + 30}" font-family="${SANS}" font-size="13" fill="#fff" opacity="0.85" text-anchor="middle" letter-spacing="3">${esc(a.tagline)}</text>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
${defs(a.scheme)}
<rect width="${w}" height="${h}" fill="url(#sky)"/>
${sceneSvg(a.scene, a.scheme, rnd, w, h)}
<rect width="${w}" height="${h}" fill="url(#shadeDown)"/>
<g filter="url(#lift)">
${title}
</g>
<line x1="${w / 2 - 40}" y1="${h - 42}" x2="${w / 2 + 40}" y2="${h - 42}" stroke="#fff" stroke-opacity="0.5"/>
<text x="${w / 2}" y="${h - 20}" font-family="${SANS}" font-size="11" fill="#fff" opacity="0.8" text-anchor="middle" letter-spacing="4">${esc(a.footer)}</text>
</svg>`;
}

function stillSvg(a: Art): string {
  const w = 960;
  const h = 540;
  const rnd = random(`${a.seed}:still`);
  const lines = nameLines(a.name, 7);
  const longest = Math.max(...lines.map((l) => [...l].length));
  const size = Math.min(96, Math.floor(440 / longest));
  const top = h - 90 - size * 1.1 * lines.length;
  const name = lines
    .map(
      (l, i) =>
        `<text x="64" y="${r1(top + size * 1.1 * (i + 1))}" font-family="${SERIF}" font-weight="700" font-size="${size}" fill="#fff" letter-spacing="${Math.round(size / 14)}">${esc(l)}</text>`,
    )
    .join('\n');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
${defs(a.scheme)}
<rect width="${w}" height="${h}" fill="url(#sky)"/>
${sceneSvg(a.scene, a.scheme, rnd, w, h)}
<rect width="${w}" height="${h}" fill="url(#shadeLeft)"/>
<g filter="url(#lift)">
${name}
<rect x="66" y="${h - 68}" width="36" height="3" fill="${a.scheme.accent}"/>
<text x="116" y="${h - 60}" font-family="${SANS}" font-size="18" fill="#fff" opacity="0.9" letter-spacing="4">${esc(a.tagline)}</text>
</g>
</svg>`;
}

function channelSvg(name: string, n: number): string {
  const w = 480;
  const h = 270;
  const s = SCHEMES[(n * 5) % SCHEMES.length]!;
  const rnd = random(`channel:${n}`);
  const size = Math.min(56, Math.floor(380 / [...name].length));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
${defs(s)}
<rect width="${w}" height="${h}" fill="url(#sky)"/>
${sceneSvg('bokeh', s, rnd, w, h)}
<rect width="${w}" height="${h}" fill="#000" opacity="0.25"/>
<g filter="url(#lift)">
<rect x="28" y="26" width="56" height="34" rx="8" fill="${s.accent}"/>
<text x="56" y="51" font-family="${SANS}" font-weight="700" font-size="22" fill="${s.near}" text-anchor="middle">${String(n).padStart(2, '0')}</text>
<text x="${w / 2}" y="${h / 2 + size / 3 + 14}" font-family="${SANS}" font-weight="700" font-size="${size}" fill="#fff" text-anchor="middle" letter-spacing="2">${esc(name)}</text>
</g>
</svg>`;
}

function shareSvg(): string {
  const w = 1200;
  const h = 630;
  const s = SCHEMES[0]!;
  const rnd = random('site');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
${defs(s)}
<rect width="${w}" height="${h}" fill="url(#sky)"/>
${sceneSvg('space', s, rnd, w, h)}
<rect width="${w}" height="${h}" fill="#000" opacity="0.3"/>
<g filter="url(#lift)">
<text x="${w / 2}" y="${h / 2 + 20}" font-family="${SERIF}" font-weight="700" font-size="150" fill="#fff" text-anchor="middle" letter-spacing="16">${esc(SITE_NAME)}</text>
<text x="${w / 2}" y="${h / 2 + 110}" font-family="${SANS}" font-size="36" fill="#fff" opacity="0.9" text-anchor="middle" letter-spacing="10">電影・戲劇・兒童・紀錄片・直播</text>
</g>
</svg>`;
}

/** SVG → JPEG at the best quality (lowest -q:v) whose file fits the byte limit. */
function jpeg(svg: string, out: string, limit: number): void {
  mkdirSync(path.dirname(out), { recursive: true });
  const src = out.replace(/\.jpg$/, '.svg');
  writeFileSync(src, svg);
  try {
    for (const q of [2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 17, 20, 25, 31]) {
      const args = [
        ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-i', src],
        ...['-frames:v', '1', '-q:v', String(q), '-pix_fmt', 'yuvj420p'],
        ...['-fflags', '+bitexact', '-flags:v', '+bitexact', '-map_metadata', '-1', out],
      ];
      const r = spawnSync('ffmpeg', args, { encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`ffmpeg failed on ${src}: ${r.stderr}`);
      if (statSync(out).size <= limit) return;
    }
    throw new Error(`${out} is still over ${limit} bytes at -q:v 31`);
  } finally {
    rmSync(src, { force: true });
  }
}

function main(): void {
  const outDir = process.argv[2];
  if (!outDir) throw new Error('usage: demo-art.ts OUT_DIR');
  const mains = new Map(mainCategories.map((c) => [c.main_category_id, c.name]));
  const subs = new Map(subcategories.map((c) => [c.subcategory_id, c.name]));
  const drawn = new Set<string>();
  let n = 0;
  for (const t of demoTitles()) {
    // Episodes wear their series' pictures.
    if (t.kind === 'episode' || drawn.has(t.poster_path)) continue;
    drawn.add(t.poster_path);
    const sub = t.subcategory_id ?? '';
    const art: Art = {
      name: t.name,
      tagline: [mains.get(t.main_category_id), subs.get(sub)].filter(Boolean).join(' ・ '),
      footer: `${t.year ?? ''} ・ ${SITE_NAME} 獨家上映`,
      scene: sceneFor(t.name, sub, t.main_category_id),
      scheme: SCHEMES[n % SCHEMES.length]!,
      seed: t.content_id,
    };
    n += 1;
    jpeg(posterSvg(art), path.join(outDir, t.poster_path), 40_000);
    jpeg(stillSvg(art), path.join(outDir, t.still_path), 60_000);
  }
  console.log(`made ${n} posters and ${n} stills`);
  const channels = demoChannels(0);
  for (const c of channels) {
    const number = Number(/(\d+)\.jpg$/.exec(c.pic_path)?.[1]);
    jpeg(channelSvg(c.name, number), path.join(outDir, c.pic_path), 40_000);
  }
  console.log(`made ${channels.length} channel pictures`);
  jpeg(shareSvg(), path.join(outDir, 'images/site/og-default.jpg'), 150_000);
  console.log('made images/site/og-default.jpg');
}

main();
