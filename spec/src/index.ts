export { bundledSpecPath } from './bundled-spec-path.js';
export { eachOperation, HTTP_METHODS, type HttpMethod, type SpecOperation } from './each-operation.js';
export { followRef } from './follow-ref.js';
export { headerParameterName } from './header-parameter-name.js';
export { loadSpec } from './load-spec.js';
export type {
  ComponentsObject,
  ExampleObject,
  HeaderObject,
  InfoObject,
  MediaTypeObject,
  OpenApiDocument,
  OperationObject,
  ParameterObject,
  PathItemObject,
  Referable,
  ReferenceObject,
  RequestBodyObject,
  ResponseObject,
  SchemaObject,
  ServerObject,
  TagObject,
} from './openapi-objects.js';
