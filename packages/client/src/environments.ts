/**
 * Base URLs by environment and region: the ONE table of hosts. These are placeholders (`.example` is
 * reserved, RFC 2606) until the service publishes its hosts; pass `baseUrl` to reach a real host or
 * the mock.
 */
export const ENVIRONMENTS = {
  production: { eu: 'https://api.eu.svc.example', us: 'https://api.us.svc.example' },
  sandbox: { eu: 'https://api.sandbox.eu.svc.example', us: 'https://api.sandbox.us.svc.example' },
} as const;

export type Environment = keyof typeof ENVIRONMENTS;
export type Region = keyof (typeof ENVIRONMENTS)[Environment];
