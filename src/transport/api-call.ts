/** The HTTP side of an answer: what `withResponse()` and errors expose beside the data. */
export interface ResponseInfo {
  /** The HTTP status. */
  readonly status: number;
  /** The response headers (`X-RateLimit-*`, `Retry-After`, `Date`, ...). */
  readonly headers: Headers;
}

/** An operation's data together with the response it came in. */
export interface WithResponse<T> {
  readonly data: T;
  readonly response: ResponseInfo;
}

/**
 * The promise every SDK method returns: await it for the data, or call `withResponse()` for
 * `{ data, response }`. The request starts when the method is called, once, whichever is used.
 *
 * @example
 * const { data, response } = await client.messages.get({ message_id: id }).withResponse();
 * console.log(data.message.content, response.headers.get('x-ratelimit-remaining'));
 */
export class ApiCall<T> extends Promise<T> {
  readonly #exchange: Promise<WithResponse<T>>;
  #data: Promise<T> | undefined;

  /** @internal */
  constructor(exchange: Promise<WithResponse<T>>) {
    // The base promise is never observed: `then`, `catch` and `finally` read the exchange.
    super((resolve) => resolve(undefined as T));
    this.#exchange = exchange;
  }

  // Promise methods called on an ApiCall build plain promises, not ApiCalls.
  static override get [Symbol.species](): PromiseConstructor {
    return Promise;
  }

  /** The data with the HTTP status and headers of the response it came in. */
  withResponse(): Promise<WithResponse<T>> {
    return this.#exchange;
  }

  #dataPromise(): Promise<T> {
    this.#data ??= this.#exchange.then((exchange) => exchange.data);
    return this.#data;
  }

  override then<Fulfilled = T, Rejected = never>(
    onFulfilled?: ((value: T) => Fulfilled | PromiseLike<Fulfilled>) | null,
    onRejected?: ((reason: unknown) => Rejected | PromiseLike<Rejected>) | null,
  ): Promise<Fulfilled | Rejected> {
    return this.#dataPromise().then(onFulfilled, onRejected);
  }

  override catch<Rejected = never>(
    onRejected?: ((reason: unknown) => Rejected | PromiseLike<Rejected>) | null,
  ): Promise<T | Rejected> {
    return this.#dataPromise().catch(onRejected);
  }

  override finally(onFinally?: (() => void) | null): Promise<T> {
    return this.#dataPromise().finally(onFinally);
  }
}
