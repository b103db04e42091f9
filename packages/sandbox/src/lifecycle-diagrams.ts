// `@svc/sandbox/lifecycle-diagrams`: the lifecycles drawn from the sandbox's machines, for pages that
// show them (the API reference does). A subpath of its own, so the sandbox's main entry does not carry
// the drawings.
export { LIFECYCLE_DIAGRAMS } from './generated/lifecycle-diagrams.js';
