import { HttpError } from '../internal/http-error.js';
import { resolveUserOf, userById, userRecord } from '../world/users.js';
import { nextToken } from '../world/world.js';
import type { OperationHandler } from './operation-context.js';

export const resolveUser: OperationHandler = (context) => {
  const user = resolveUserOf(context, context.path.client_user_id as string);
  return { status: 200, body: userRecord(context.world, user) };
};

export const createSignInToken: OperationHandler = (context) => {
  const user = userById(context.world, context.path.user_id);
  const token = nextToken(context.world, 'st_');
  context.world.signInTokens[token] = user.user_id;
  return { status: 200, body: { user_id: user.user_id, sign_in_token: token } };
};

export const deregisterProvider: OperationHandler = (context) => {
  const user = userById(context.world, context.path.user_id);
  const slug = context.path.provider as string;
  const index = user.connected_sources.findIndex((c) => c.source.slug === slug);
  if (index < 0) throw new HttpError(404, 'not_found', `user ${user.user_id} has no ${slug} connection`);
  user.connected_sources.splice(index, 1);
  return { status: 200, body: { success: true } };
};
