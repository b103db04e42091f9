import { inspect } from 'node:util';
import type { SvcError } from '../../src/index.js';

/** Every way an error gets printed or shipped: none of them may show a secret. */
export const renderings = (error: SvcError): string[] => [
  error.message,
  String(error.stack),
  JSON.stringify(error),
  inspect(error),
  inspect(error, { depth: Infinity, showHidden: true }),
  String(error),
];
