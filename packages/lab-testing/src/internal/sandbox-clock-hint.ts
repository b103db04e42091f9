/**
 * The response header the Svc sandbox (`@svc/sandbox`) sends on every answer: `frozen` or `real`.
 * The service does not send it; its sandbox does, so that a wait can say why nothing moves.
 */
export const SANDBOX_CLOCK_HEADER = 'svc-sandbox-clock';

/** What a wait that timed out should tell its caller about the server's clock, when it said it is frozen. */
export function clockHintOf(headers: Headers): string | undefined {
  if (headers.get(SANDBOX_CLOCK_HEADER)?.trim().toLowerCase() !== 'frozen') return undefined;
  return (
    "The sandbox's clock is frozen, so nothing moves until you advance it: " +
    '`sandbox.clock.advance({ seconds: 60 })` in process, or `POST /_sandbox/clock/advance` with ' +
    '`{ "seconds": 60 }` over HTTP.'
  );
}
