export { useTestApp, testRedisSettings, TEST_NOW, type TestContext } from './app.js';
export { createTestDatabase, testDialect, type TestDatabase } from './database.js';
export { newChannel, newEntitlement, newProgramme, newTitle } from './factories.js';
export { TestBrowser, newMember, signUpAndConfirm } from './client.js';
export { mailboxOf, signUpCodeIn, signUpTokenIn, textOf, type TestMailbox } from './outbox.js';
export { gatewayUrl } from './gateway.js';
export { expectMediaFileHeaders } from './media-headers.js';
export { ConsoleBrowser, newStaff, signedInStaff, TEST_STAFF_PASSWORD } from './console.js';
