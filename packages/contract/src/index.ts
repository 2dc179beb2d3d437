import './zod-locale.js';
export * from './envelope.js';
export * from './errors.js';
export * from './catalogue.js';
export * from './live.js';
export * from './health.js';
export * from './routes.js';
export * from './pages.js';
export * from './playback.js';
