// `node --import @svc/otel/register` (or `NODE_OPTIONS="--import @svc/otel/register"` for the `svc-sync`
// CLI): OpenTelemetry's NodeSDK, configured by the standard environment (OTEL_SERVICE_NAME,
// OTEL_TRACES_EXPORTER, OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_EXPORTER_OTLP_PROTOCOL, …), with the Svc SDK's
// instrumentation. `svc-sync` waits for its last export before it exits (CLI_EXIT_CHANNEL).
import { channel } from 'node:diagnostics_channel';
import { NodeSDK } from '@opentelemetry/sdk-node';
import type { CliExitMessage, CLI_EXIT_CHANNEL as SyncExitChannel } from '@svc/sync';
import { SvcInstrumentation } from './svc-instrumentation.js';

// Typed by @svc/sync's own constant (a renamed one fails to compile here) without loading the sync.
const CLI_EXIT_CHANNEL: typeof SyncExitChannel = 'svc:sync:cli:exit';

const sdk = new NodeSDK({ instrumentations: [new SvcInstrumentation()] });
sdk.start();

/** Before the CLI exits: the spans and metrics still held are exported, and the SDK stopped. */
channel(CLI_EXIT_CHANNEL).subscribe((message) => {
  (message as CliExitMessage).waitFor.push(sdk.shutdown());
});
