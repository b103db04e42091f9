import type { CallToolResult } from '@modelcontextprotocol/server';
import { type APIPromise, type OperationId, type SvcClient, ValidationError } from '@svc/client';
import type { AuditEntry } from '../../audit-entry.js';
import { type CatalogueTool, WAIT_ARGUMENT } from '../catalogue.js';
import { issueText } from './answer-tool-calls.js';
import type { CallSettings, ToolRequest } from './call-settings.js';
import { decodeFiles } from './decode-files.js';
import { errorName, errorText } from './error-text.js';
import { type CallOutcome, followCall } from './follow-call.js';
import { presentResult } from './present-result.js';

type Method = (params: unknown, options: unknown) => APIPromise<unknown>;

/**
 * The one pipeline of a tool call: refuse a write that is not allowed; check the arguments against the
 * tool's input schema (here rather than in the SDK, so a refused call gets its audit line too); turn
 * base64 files into bytes; call the operation through the client (which validates before sending,
 * retries where safe and masks secrets), or follow long work; present the data within the byte budget
 * with its continuation; write the audit line; and answer a failure as a tool error a model can act on.
 */
export async function callTool(
  tool: CatalogueTool,
  args: Record<string, unknown>,
  request: ToolRequest,
  settings: CallSettings,
): Promise<CallToolResult> {
  const started = performance.now();
  const audit = (entry: Omit<AuditEntry, 'time' | 'tool' | 'operation' | 'ms'>): string | undefined => {
    const ms = Math.round(performance.now() - started);
    try {
      settings.audit({
        time: new Date().toISOString(),
        tool: request.tool,
        operation: tool.name,
        ...entry,
        ms,
      });
      return undefined;
    } catch (error) {
      return `The audit line of this call could not be written, so its result is withheld: ${errorText(error)}`;
    }
  };
  if (tool.write && !settings.allowsWrite(tool.name)) {
    return failure(
      audit({ outcome: 'refused', reason: 'write-not-allowed' }) ?? writeNotAllowed(tool.name),
      settings,
    );
  }
  const checked = await settings.validators.get(tool.name)?.['~standard'].validate(args);
  if (checked?.issues) {
    const invalid = `Invalid arguments for ${tool.name}: ${checked.issues.map(issueText).join('; ')}. Nothing was sent to the service.`;
    return failure(audit({ outcome: 'refused', reason: 'invalid-arguments' }) ?? invalid, settings);
  }
  try {
    const outcome = await run(tool, checked?.value ?? args, request, settings.client);
    const result = presentResult(tool, args, outcome, request, settings);
    const failed = audit({
      outcome: 'ok',
      ...(outcome.status === undefined ? {} : { status: outcome.status }),
      ...(outcome.requestId ? { request_id: outcome.requestId } : {}),
      ...(outcome.reads === undefined ? {} : { reads: outcome.reads }),
    });
    return failed === undefined ? result : failure(failed, settings);
  } catch (error) {
    const { status, requestId } = error as { status?: unknown; requestId?: unknown };
    const failed = audit({
      ...(error instanceof ValidationError
        ? { outcome: 'refused', reason: 'invalid-arguments' }
        : { outcome: 'error' }),
      ...(typeof status === 'number' ? { status } : {}),
      ...(typeof requestId === 'string' ? { request_id: requestId } : {}),
      error: errorName(error),
    });
    return failure(failed ?? errorText(error), settings);
  }
}

/** What a model is told when it calls a write the operator did not allow. */
export const writeNotAllowed = (name: string) =>
  `${name} changes data at the service, and this server was started without allowing it: the operator can restart it with --allow-writes (or --allow-write ${name}).`;

async function run(
  tool: CatalogueTool,
  args: Record<string, unknown>,
  request: ToolRequest,
  client: SvcClient,
): Promise<CallOutcome> {
  const params = { ...args };
  // `wait_seconds` is an argument of followable reads only; elsewhere (an open request) it is sent on.
  const wait = tool.follow ? params[WAIT_ARGUMENT] : undefined;
  if (tool.follow) delete params[WAIT_ARGUMENT];
  const keyArgument = tool.idempotencyKeyArgument;
  const idempotencyKey = keyArgument === undefined ? undefined : params[keyArgument];
  if (keyArgument !== undefined) delete params[keyArgument];
  decodeFiles(params, tool.fileFields);
  const operationId = tool.name as OperationId;
  if (tool.follow && typeof wait === 'number')
    return followCall(client, operationId, tool.follow, params, wait, request.signal, request.progress);
  const method = client[operationId] as unknown as Method;
  const options = {
    signal: request.signal,
    ...(typeof idempotencyKey === 'string' ? { idempotencyKey } : {}),
  };
  const { data, response, requestId } = await method.call(client, params, options).withResponse();
  return { data, status: response.status, requestId };
}

const failure = (text: string, settings: CallSettings): CallToolResult => ({
  content: [{ type: 'text', text: settings.redact(text) }],
  isError: true,
});
