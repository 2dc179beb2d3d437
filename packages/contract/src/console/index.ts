/**
 * The operator console's contract (issue 22): its own entry (`@site/contract/console`), so the
 * customers' bundle never carries it.
 */
import '../zod-locale.js';
export * from './roles.js';
export * from './call.js';
export * from './staff.js';
export * from './audit.js';
export * from './catalogue.js';
export * from './media.js';
export * from './messages.js';
export * from './vouchers.js';
export * from './schedule.js';
export * from './draws.js';
export * from './ads.js';
export * from './channels.js';
export * from './wording.js';
export * from './wording-shapes.js';
export * from './care-actions.js';
export * from './care.js';
export * from './qoe.js';
export * from './reports.js';
