// The README's "Use it from code" example, read from the README and run as a partner's file (plain `node`,
// a fresh process) serving MCP over stdio with the sandbox behind its client: a tool call answers with
// the sandbox's data, and the audit line lands where the example writes it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { createSandbox, serveSandbox } from '@svc/sandbox';
import { readmeBlock, scratchFile } from '@svc/tools/readme-snippets';
import { describe, expect, it } from 'vitest';
import { childEnv } from '../fixtures/cli.js';

const README = new URL('../../README.md', import.meta.url);
const API_KEY = 'sk_test_mcp_readme';

describe("the README's Use it from code example", () => {
  it('serves the tools over stdio: resolveUser answers from the sandbox and is audited to audit.jsonl', async () => {
    const server = await serveSandbox(createSandbox({ apiKey: API_KEY, strict: true }), { port: 0 });
    const folder = mkdtempSync(join(tmpdir(), 'svc-mcp-readme-'));
    // Inside the package, so its imports resolve as in a partner's project.
    const file = scratchFile(
      new URL(`../../readme-from-code.${process.pid}.mjs`, import.meta.url),
      readmeBlock(README, 'from-code'),
    );
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [file],
      cwd: folder,
      env: childEnv({ SVC_API_KEY: API_KEY, SVC_BASE_URL: server.url }),
      stderr: 'pipe',
    });
    const mcp = new Client({ name: 'readme-test', version: '0.0.0' });
    try {
      await mcp.connect(transport);
      const result = await mcp.callTool({
        name: 'resolveUser',
        arguments: { client_user_id: 'team-user-0042' },
      });
      expect(result.isError).not.toBe(true);
      expect(JSON.stringify(result.content)).toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
      const audit = readFileSync(join(folder, 'audit.jsonl'), 'utf8').trimEnd().split('\n');
      expect(audit.map((line) => JSON.parse(line))).toContainEqual(
        expect.objectContaining({ tool: 'resolveUser' }),
      );
      expect(audit.join('\n')).not.toContain(API_KEY);
    } finally {
      await mcp.close();
      rmSync(folder, { recursive: true, force: true });
      await server.close();
    }
  });
});
