export { MockStartError } from './mock-start-error.js';
export { type ProvideTarget, provideMock } from './provide-mock.js';
export type { MockExit, MockServer, MockServerOptions } from './start-mock.js';
export { startMock } from './start-mock.js';
