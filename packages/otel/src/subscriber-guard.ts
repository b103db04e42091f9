// A subscriber runs inside the SDK's call: what it throws, diagnostics_channel rethrows as an uncaught
// exception, which ends the process. The span processors, exporters and meters it calls are the
// application's, so every subscriber runs through a guard: a throw is caught, reported once on
// OpenTelemetry's diagnostic logger (`diag`), and the SDK's call goes on as if nobody listened.
import { diag } from '@opentelemetry/api';
import { errorTypeOf } from './error-type-of.js';

export type Guard = <A extends unknown[], R>(
  run: (...args: A) => R,
  fallback: (...args: A) => R,
) => (...args: A) => R;

/** A guard whose first caught throw is reported (then none: a broken processor throws on every event). */
export function subscriberGuard(): Guard {
  let reported = false;
  return (run, fallback) =>
    (...args) => {
      try {
        return run(...args);
      } catch (error) {
        if (!reported) {
          reported = true;
          // By class only: the message of the application's own code could carry anything.
          diag.error(
            `@svc/otel: the OpenTelemetry SDK threw ${errorTypeOf(error)} while recording the Svc SDK's telemetry ` +
              '(a span processor, exporter or meter); the calls go on, and further throws are not reported',
          );
        }
        return fallback(...args);
      }
    };
}
