// Types of named-method params and data, derived from @svc/types `operations[...]`.
import type { ClientHeaderName } from './headers.js';
import type { Uploadable } from './uploadable.js';

/** Headers the client sets itself: the API key (auth layer) and the idempotency key (`options.idempotencyKey`). */
type ClientHeaders = ClientHeaderName;

/** One location of an operation's parameters, `{}` when it has none (`query?: never`). */
type Section<P, K extends string> = P extends { [Key in K]?: infer S }
  ? [NonNullable<S>] extends [never]
    ? unknown
    : NonNullable<S>
  : unknown;

type ParametersOf<Op> = Op extends { parameters: infer P } ? P : unknown;

/** A multipart body's file fields (typed `Blob`) accept any Uploadable: bytes, streams, `{ data, filename, contentType }`. */
type WithUploads<B> = {
  [K in keyof B]: [Blob] extends [NonNullable<B[K]>] ? Uploadable | Exclude<B[K], Blob> : B[K];
};
type Content<C> = C extends { 'multipart/form-data': infer M } ? WithUploads<M> : C[keyof C];

/** The request body as `body`: required, optional or absent as the spec says. */
type BodyOf<Op> = Op extends { requestBody?: never }
  ? unknown
  : Op extends { requestBody: { content: infer C } }
    ? { body: Content<C> }
    : Op extends { requestBody?: { content: infer C } }
      ? { body?: Content<C> }
      : unknown;

type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** Flat params of a named method: path, query and header parameters plus `body`. */
export type NamedParams<Op> = Simplify<
  Omit<
    Section<ParametersOf<Op>, 'path'> &
      Section<ParametersOf<Op>, 'query'> &
      Section<ParametersOf<Op>, 'header'>,
    ClientHeaders
  > &
    BodyOf<Op>
>;

/**
 * Extra params of an operation whose full request shape is not published (`x-svc-open-request`): any
 * other name is sent as a query parameter; a value that is not a string, finite number or boolean
 * is refused before sending.
 */
export type ExtraQuery = { readonly [name: string]: unknown };

type SuccessStatus = 200 | 201 | 202 | 203 | 204 | 206 | '2XX';
type ContentOf<R> = R extends { content: infer C }
  ? C extends { 'application/json': infer J }
    ? J
    : C[keyof C]
  : undefined;

/** The data a named method resolves with: its success response's JSON (`undefined` without content). */
export type NamedData<Op> = Op extends { responses: infer R }
  ? { [S in keyof R & SuccessStatus]: ContentOf<R[S]> }[keyof R & SuccessStatus]
  : never;
