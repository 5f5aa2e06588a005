/** The server answered with a non-ok `type`; `message` is the server's text for the user. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly type: string,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** No usable answer: the network failed, or the reply was not what the contract says. */
export class TransportError extends Error {
  override readonly name = 'TransportError';
}
