// What the global setups of this kit provide to tests (`inject('mockUrl')`), typed once for the whole
// repository. A package sees it through any import of `@svc/test-kit` (its vitest.config.ts has one).

declare module 'vitest' {
  export interface ProvidedContext {
    /** The strict mock (mock-setup.ts): a response that breaks its schema is a 500 and fails the test. */
    mockUrl: string;
    /** Serves the strict mock's log so far (the mock runs in the setup's process, tests in workers). */
    mockLogUrl: string;
    /** The dynamic mock (dynamic-mock-setup.ts): every answer is new random data valid against the spec. */
    dynamicMockUrl: string;
    /** Serves the tail of the dynamic mock's log, to explain a failure. */
    dynamicMockLogUrl: string;
    /** A strict in-process sandbox served on a loopback port (examples/test/global-setup.ts). */
    sandboxUrl: string;
    /** The built browser page (packages/browser-test). */
    pageUrl: string;
  }
}

export {};
