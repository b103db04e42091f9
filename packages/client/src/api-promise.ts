/** What `.withResponse()` resolves with: the parsed data, the raw Response and the service's request id. */
export interface WithResponse<T> {
  data: T;
  response: Response;
  /** From the `x-request-id` response header (see REQUEST_ID_HEADER). */
  requestId: string | undefined;
}

const passThrough = <T>(value: T): T => value;

/**
 * The promise returned by named methods: awaiting it gives the data; `.withResponse()` gives
 * `{ data, response, requestId }` of the same call (one request either way).
 */
export class APIPromise<T> implements Promise<T> {
  readonly [Symbol.toStringTag] = 'Promise';

  /** The call's result, or what starts it: a paginated call sends nothing until it is awaited or walked. */
  #result: Promise<WithResponse<T>> | (() => Promise<WithResponse<T>>);
  constructor(result: Promise<WithResponse<T>> | (() => Promise<WithResponse<T>>)) {
    this.#result = result;
  }

  /** The data together with the raw Response (status, headers) and the request id. */
  withResponse(): Promise<WithResponse<T>> {
    if (typeof this.#result === 'function') this.#result = this.#result();
    return this.#result;
  }

  // biome-ignore lint/suspicious/noThenProperty: this class is a promise; `then` is its contract.
  then<A = T, B = never>(
    onfulfilled?: ((value: T) => A | PromiseLike<A>) | null,
    // biome-ignore lint/suspicious/noExplicitAny: same as Promise#then in lib.es5.d.ts, so `(e: Error) => …` handlers type-check.
    onrejected?: ((reason: any) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    // One hop, not a `.then` for the data and another for the handlers: each promise costs a microtask.
    // Without a handler the data passes through, as Promise#then passes a value: A is T then.
    const fulfilled = onfulfilled ?? (passThrough as unknown as (value: T) => A);
    return this.withResponse().then((result) => fulfilled(result.data), onrejected);
  }

  // biome-ignore lint/suspicious/noExplicitAny: same as Promise#catch in lib.es5.d.ts.
  catch<B = never>(onrejected?: ((reason: any) => B | PromiseLike<B>) | null): Promise<T | B> {
    return this.then(undefined, onrejected);
  }

  finally(onfinally?: (() => void) | null): Promise<T> {
    return this.then().finally(onfinally);
  }
}
