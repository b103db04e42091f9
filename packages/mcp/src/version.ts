import { version } from '../package.json';

/** This package's version, as the server names itself to MCP clients (only this field is bundled). */
export const VERSION: string = version;
