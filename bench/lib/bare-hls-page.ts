import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { FastifyInstance, FastifyReply } from 'fastify';

/*
 * What the browser benchmarks that race the site's player against a bare hls.js page share
 * (first-frame, channel-change): serving the bare page, its script and hls.js itself, and the
 * in-page code that times a click to the first frame the viewer can see.
 */

const require = createRequire(import.meta.url);

/** hls.js's own version, for the notes (the ceiling runs the same library as the site). */
export function hlsVersion(): string {
  return (require('hls.js/package.json') as { version: string }).version;
}

/** Serves the bare page at `paths.page`, its script and hls.js, uncached, on the bench server. */
export function serveBareHlsPage(
  app: FastifyInstance,
  paths: { page: string; script: string; hls: string },
  content: { html: string; script: string },
): void {
  const hlsSource = fs.readFileSync(require.resolve('hls.js/dist/hls.min.js'));
  const send =
    (type: string, body: string | Buffer) => async (_request: unknown, reply: FastifyReply) =>
      reply.type(type).header('cache-control', 'no-store').send(body);
  app.get(paths.page, send('text/html; charset=utf-8', content.html));
  app.get(paths.script, send('text/javascript; charset=utf-8', content.script));
  app.get(paths.hls, send('text/javascript; charset=utf-8', hlsSource));
}

/**
 * In-page code (a string: this package is typed for Node, not the DOM) that arms
 * `window.__firstFrame` before a click: from the click event's timeStamp to the presentation
 * time of the first frame of the <video> that `pickVideo` (a JS expression over `before`, the
 * video on the page before the click) names, counting only a frame the viewer can see — a
 * video still warming out of sight does not count.
 */
export function armFirstFrame(pickVideo: string): string {
  return `window.__firstFrame = new Promise((resolve) => {
  const before = document.querySelector('video');
  document.addEventListener('click', (event) => {
    const clickedAt = event.timeStamp;
    const watch = () => {
      const video = ${pickVideo};
      if (!video) return requestAnimationFrame(watch);
      const onFrame = (_now, frame) => {
        if (video.getBoundingClientRect().width > 100 && getComputedStyle(video).opacity !== '0') {
          resolve(frame.presentationTime - clickedAt);
        } else {
          video.requestVideoFrameCallback(onFrame);
        }
      };
      video.requestVideoFrameCallback(onFrame);
    };
    watch();
  }, { capture: true, once: true });
}); undefined`;
}
