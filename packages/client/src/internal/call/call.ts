// One call, from the caller's arguments to its outcome (stripe-node's request, as its RequestSender
// holds it): what is sent, its limits, its state and its answer. The route and the transport read it
// as a CallState; only this class writes it.
import type { RequestOptions } from '../../request-options.js';
import { Secrets } from '../redact.js';
import type { ClientContext } from '../route/call-context.js';
import type { CallState } from '../transport/call-state.js';
import type { Reply } from '../transport/reply/reply.js';

type CallLimits = Pick<RequestOptions, 'signal' | 'timeoutMs' | 'maxRetries' | 'maxResponseBytes'>;
type Written = { -readonly [K in keyof Call]: Call[K] };

export class Call implements CallState {
  declare readonly what: string;
  declare readonly signal: AbortSignal | undefined;
  declare readonly timeoutMs: number;
  declare readonly maxRetries: number;
  declare readonly maxResponseBytes: number;
  /** The call's own secrets (a link token, a key from the apiKey function), chained to the client's. */
  declare readonly secrets: Secrets;
  declare readonly sent: boolean;
  declare readonly response: Reply | undefined;

  declare readonly method: string;
  /** The operation's path template, `/v2/user/{user_id}`. */
  declare readonly path: string;

  /** A call with the caller's options, each left out taken from the client. */
  constructor(method: string, path: string, options: CallLimits, client: ClientContext) {
    const self = this as Written;
    self.method = method;
    self.path = path;
    self.what = `${method} ${path}`;
    self.signal = options.signal;
    self.timeoutMs = options.timeoutMs ?? client.timeoutMs;
    self.maxRetries = options.maxRetries ?? client.maxRetries;
    self.maxResponseBytes = options.maxResponseBytes ?? client.maxResponseBytes;
    self.secrets = new Secrets(client.secrets);
  }

  sending(): void {
    (this as Written).sent = true;
  }

  answered(reply: Reply): void {
    (this as Written).response = reply;
  }
}
