// What the repository's vitest global setups provide to tests (`inject('mockUrl')`), typed once. It
// lives here, under every package, so the mock's own setup and @svc/test-kit (which stands on the mock)
// both take it by name: `import type {} from '@svc/tools/provided-context'`. A package that imports
// `@svc/test-kit` sees it through the kit.

declare module 'vitest' {
  export interface ProvidedContext {
    /** The strict mock (@svc/test-kit/mock-setup, or the mock's own test setup): a response that breaks its schema is a 500 and fails the test. */
    mockUrl: string;
    /** Serves the strict mock's log so far (the mock runs in the setup's process, tests in workers). */
    mockLogUrl: string;
    /** The dynamic mock (@svc/test-kit/dynamic-mock-setup): every answer is new random data valid against the spec. */
    dynamicMockUrl: string;
    /** Serves the tail of the dynamic mock's log, to explain a failure. */
    dynamicMockLogUrl: string;
    /** A strict in-process sandbox served on a loopback port (examples/test/global-setup.ts). */
    sandboxUrl: string;
    /** The built browser page (packages/browser-test). */
    pageUrl: string;
    /** The folder where @svc/sync's tests make their one PostgreSQL cluster, copied per server. */
    postgresCluster: string;
  }
}

export {};
