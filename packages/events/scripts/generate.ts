// This package's `pnpm generate`: the catalogue generator of @svc/codegen, given the runtime's own
// `splitEventName`, so the table and the parsing of names it does not list split names the same way.
import { fileURLToPath } from 'node:url';
import { generateEvents } from '@svc/codegen/events';
import { splitEventName } from '../src/event-name.js';

process.stdout.write(
  `${await generateEvents(splitEventName, fileURLToPath(new URL('..', import.meta.url)))}\n`,
);
