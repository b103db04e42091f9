// Shown in the reference's Events section; type-checked with the docs package (`pnpm test`).
import { unwrapRequest, WebhookError } from '@svc/events';

export default {
  async fetch(request: Request, env: { SVC_WEBHOOK_SECRET: string }): Promise<Response> {
    try {
      // Checks webhook-id, webhook-timestamp (5 minutes tolerance) and webhook-signature, then parses.
      const event = await unwrapRequest(request, { secret: env.SVC_WEBHOOK_SECRET });
      // biome-ignore lint/suspicious/noConsole: the place a partner's own handling goes.
      console.log(event.type, event.payload);
      return new Response(null, { status: 204 });
    } catch (error) {
      if (!(error instanceof WebhookError)) throw error;
      return Response.json({ error: error.code }, { status: 400 });
    }
  },
};
