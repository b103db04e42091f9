// This package's `pnpm generate`: the catalogue generator of @svc/codegen, given the runtime's own
// `splitEventName`, so the table and the parsing of names it does not list split names the same way.
import { generateEvents } from '@svc/codegen/events';
import { splitEventName } from '../src/event-name.js';

await generateEvents(splitEventName);
