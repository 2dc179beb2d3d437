/** The engagement module: prize draws, inbox, announcements (docs/adr/0026, 0046, 0049). */
export { drawActivityFor, draw, type Roll } from './draws.js';
export { registerEngagementRoutes, type EngagementDeps } from './routes.js';
export { registerEngagementConsoleCalls } from './console-calls.js';
export { registerDrawConsoleCalls } from './draw-calls.js';
