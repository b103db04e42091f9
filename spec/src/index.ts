export { bundledSpecPath } from './bundled-spec-path.js';
export { eachOperation, HTTP_METHODS, type HttpMethod, type SpecOperation } from './each-operation.js';
export { followRef } from './follow-ref.js';
export { headerParameterName } from './header-parameter-name.js';
export { loadSpec, type SpecDocument } from './load-spec.js';
