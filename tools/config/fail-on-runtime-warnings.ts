// Shared vitest setup file (every package's vitest.config.ts lists it in `setupFiles`): a runtime
// warning printed during a test (TimeoutOverflowWarning, MaxListenersExceededWarning, …) is a defect
// the test found, so it fails the test that was running, or the file's last hook if it came later.
// Unhandled rejections are already fatal in vitest (it fails the run), so they need nothing here.
import { afterAll, afterEach } from 'vitest';

interface Recorder {
  readonly seen: Error[];
}

// Setup files run once per test file in the same process: register the listener only once.
const KEY = Symbol.for('svc.failOnRuntimeWarnings');
const host = process as NodeJS.Process & { [KEY]?: Recorder };
const recorder: Recorder =
  host[KEY] ??
  (() => {
    const created: Recorder = { seen: [] };
    process.on('warning', (warning) => created.seen.push(warning));
    host[KEY] = created;
    return created;
  })();

/** Warnings are emitted on the next tick: wait one macrotask so a warning a test caused is recorded before the check. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

function failOnRecorded(when: string): void {
  const warnings = recorder.seen.splice(0);
  if (warnings.length === 0) return;
  const listed = warnings.map((warning) => `  ${warning.name}: ${warning.message}`).join('\n');
  throw new Error(`runtime warning ${when} (a runtime warning is a defect; fix its cause):\n${listed}`);
}

afterEach(async () => {
  await settle();
  failOnRecorded('during this test');
});

afterAll(async () => {
  await settle();
  failOnRecorded('after the last test of this file');
});
