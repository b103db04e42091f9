#!/usr/bin/env node
// Committed shim so pnpm can link the bin before the first build; the CLI itself is built to dist/.
import '../dist/cli.js';
