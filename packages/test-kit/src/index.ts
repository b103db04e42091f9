export { type Listening, listenOnLoopback } from './listen-on-loopback.js';
export { loopbackForTest } from './loopback-for-test.js';
export type { Handler, LoopbackAnswer, LoopbackServer, Received } from './loopback-server.js';
export { jsonOf, startLoopback } from './loopback-server.js';
export { PATIENT_ADDRESS } from './patient-address.js';
export { provideMockWithLog } from './provide-mock-with-log.js';
