// The generators' import path for the spec model's `$ref` follower, which lives in @svc/spec.
export { followRef } from '@svc/spec';
