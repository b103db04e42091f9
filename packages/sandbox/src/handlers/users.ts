import { disconnectProvider, issueSignInToken, resolveUserOf, userRecord } from '../world/users/users.js';
import type { OperationHandler } from './operation-context.js';

export const resolveUser: OperationHandler = (context) => {
  const user = resolveUserOf(context, context.path.client_user_id as string);
  return { status: 200, body: userRecord(context.world, user) };
};

export const createSignInToken: OperationHandler = (context) => {
  const { user, token } = issueSignInToken(context, context.path.user_id);
  return { status: 200, body: { user_id: user.user_id, sign_in_token: token } };
};

export const deregisterProvider: OperationHandler = (context) => {
  disconnectProvider(context, context.path.user_id, context.path.provider as string);
  return { status: 200, body: { success: true } };
};
