import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  localhostHostValidation,
  localhostOriginValidation,
  toNodeHandler,
} from '@modelcontextprotocol/node';
import { createMcpHandler, type McpServer } from '@modelcontextprotocol/server';

/** Loopback only: the server holds the team's API key, so it must not be reachable from the network. */
export const HTTP_HOST = '127.0.0.1';
export const MCP_PATH = '/mcp';

export interface HttpServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

export interface ServeHttpOptions {
  port: number;
  /** Largest request body read (the largest file argument as base64, and room). */
  maxBodyBytes: number;
  /** Failures outside any one request (reporting only). */
  onError: (error: Error) => void;
}

function refuse(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

/**
 * Streamable HTTP on `127.0.0.1:<port>/mcp`, a new server of `factory` per request (the SDK's stateless
 * entry, which serves 2025-era and 2026-era clients alike). The Host and Origin guards stop a web page
 * from reaching it by DNS rebinding; any other path is a 404. Resolves once listening.
 */
export async function serveHttp(factory: () => McpServer, options: ServeHttpOptions): Promise<HttpServer> {
  const handler = createMcpHandler(factory, {
    onerror: options.onError,
    maxRequestBodySize: options.maxBodyBytes,
  });
  const serve = toNodeHandler(handler, {
    onerror: options.onError,
    maxRequestBodySize: options.maxBodyBytes,
  });
  const validHost = localhostHostValidation();
  const validOrigin = localhostOriginValidation();
  const server = createServer((req, res) => {
    if (!validHost(req, res) || !validOrigin(req, res)) return;
    const path = new URL(req.url ?? '/', `http://${HTTP_HOST}`).pathname;
    if (path !== MCP_PATH) return refuse(res, 404, `Not found: the MCP endpoint is ${MCP_PATH}`);
    serve(req, res).catch((error: Error) => {
      options.onError(error);
      if (!res.headersSent) refuse(res, 500, 'Internal error');
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, HTTP_HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${HTTP_HOST}:${port}${MCP_PATH}`,
    server,
    async close() {
      await handler.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
