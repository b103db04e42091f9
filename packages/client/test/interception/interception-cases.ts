// What issue 24 asks of every interceptor a partner's suite uses (MSW, nock): it answers named calls,
// none going past it to the network; it receives what they send; what it answers becomes what the same
// answer from the wire becomes. Each interceptor's file starts it, loads the client, and says how it answers.
import { describe, expect, it } from 'vitest';
import type { ClientOptions } from '../../src/index.js';
import {
  API_KEY,
  apiErrorFields,
  countNodeRequests,
  failureOf,
  IDEMPOTENCY_KEY,
  type LoadedClient,
  ORDER_ID,
  USER,
} from './loaded-client.js';

/** The error answer of the error case: the same body and init from the interceptor and from the wire. */
export interface ErrorAnswer {
  body: { detail: string; code: string };
  init: { status: number; statusText: string; headers: Record<string, string> };
}

/** How one interceptor answers each case; what a method returns checks what it received, after the call. */
export interface Interceptor {
  /** The resolve of `u-1`, answered with USER; the check: it came with the API key and the SDK header. */
  answerUser(): () => void;
  /** A POST of the order, answered 201 with ORDER_ID; the check: its JSON body and idempotency key. */
  answerOrder(): () => void;
  /** The resolve of `u-1`, answered with `answer`. */
  answerError(answer: ErrorAnswer): void;
  /** The resolve of `u-1`, answered 503 with `retry-after: 0`, then with USER; the check: both arrived. */
  answerBusyThenUser(): () => void;
  /** The resolve of `u-1`, failed with a network error; the check reads the error the call failed with. */
  failNetwork(): (error: Error) => void;
}

const ERROR_ANSWER: ErrorAnswer = {
  body: { detail: 'no user with that id', code: 'not_found' },
  init: { status: 404, statusText: 'Not Found', headers: { 'x-request-id': 'req_404' } },
};

/** The cases of issue 24, run through `interceptor` on the client `svc` loaded after it started. */
export function interceptionCases(name: string, svc: LoadedClient, interceptor: Interceptor): void {
  /** How many requests node:https sent: every attempt on Node, none where fetch sends. */
  const overNode = (attempts: number) => (svc.nodeTransport ? attempts : 0);
  const resolveUser = (extra?: Partial<ClientOptions>) =>
    svc.createClient(svc.options(extra)).resolveUser({ client_user_id: 'u-1' });

  describe(`issue 24: ${name} intercepts named calls, none going past it to the network`, () => {
    it('answers a GET read with the JSON it is given, sent over the Node transport', async () => {
      const sent = countNodeRequests();
      const received = interceptor.answerUser();
      expect(await resolveUser()).toEqual(USER);
      received();
      expect(sent).toHaveBeenCalledTimes(overNode(1));
    });

    it('receives a POST with its JSON body and idempotency key', async () => {
      const sent = countNodeRequests();
      const received = interceptor.answerOrder();
      const order = await svc
        .createClient(svc.options())
        .createOrder({ body: svc.ORDER_BODY } as never, { idempotencyKey: IDEMPOTENCY_KEY });
      expect(order).toEqual({ order_id: ORDER_ID });
      received();
      expect(sent).toHaveBeenCalledTimes(overNode(1));
    });

    it('turns an error answer into the typed ApiError the same answer from the wire becomes', async () => {
      const sent = countNodeRequests();
      interceptor.answerError(ERROR_ANSWER);
      const intercepted = await failureOf(resolveUser());
      const wire = async () => Response.json(ERROR_ANSWER.body, ERROR_ANSWER.init);
      const overTheWire = await failureOf(resolveUser({ fetch: wire }));
      expect(intercepted).toBeInstanceOf(svc.NotFoundError);
      expect(apiErrorFields(intercepted)).toEqual(apiErrorFields(overTheWire));
      expect(sent).toHaveBeenCalledTimes(overNode(1));
    });

    it('retries a 503 and resolves with the 200 that follows', async () => {
      const sent = countNodeRequests();
      const received = interceptor.answerBusyThenUser();
      expect(await resolveUser({ maxRetries: 2 })).toEqual(USER);
      received();
      expect(sent).toHaveBeenCalledTimes(overNode(2));
    });

    it('turns a network error into a ConnectionError', async () => {
      const sent = countNodeRequests();
      const received = interceptor.failNetwork();
      const error = await failureOf(resolveUser());
      expect(error).toBeInstanceOf(svc.ConnectionError);
      expect(error).not.toBeInstanceOf(svc.TimeoutError);
      received(error as Error);
      expect((error as Error).message).not.toContain(API_KEY);
      expect(sent).toHaveBeenCalledTimes(overNode(1));
    });
  });
}
