#!/usr/bin/env node
// `svc-codegen <target>`: the generators run from their TypeScript source (nothing of @svc/codegen is
// built), so tsx loads them in this process.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli.ts');
process.exitCode = await main(process.argv.slice(2), process.cwd());
