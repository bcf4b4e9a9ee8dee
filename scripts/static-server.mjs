// A minimal static file server for the web app (node built-ins only):
//   node scripts/static-server.mjs DIR [PORT] [HOST]
// Correct MIME types (application/wasm for WebAssembly streaming compilation), the app's
// Content-Security-Policy (web/csp.mjs, plus frame-ancestors 'self') on every response except
// irlens.html, which carries its own (hash-based) policy for its inline code; no caching, nothing
// outside DIR. PORT 0 picks a
// free port; the first line printed is "serving DIR on http://HOST:PORT/".
import { createServer } from 'node:http';
import { createReadStream, statSync } from 'node:fs';
import { basename, extname, join, normalize, resolve, sep } from 'node:path';
import { CSP } from '../web/csp.mjs';

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.run': 'text/plain; charset=utf-8',
  '.gz': 'application/gzip',
};

const [dirArg = 'web/dist', portArg = '8000', host = '127.0.0.1'] = process.argv.slice(2);
const dir = resolve(dirArg);

const server = createServer((req, res) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD' }).end();
    return;
  }
  let path;
  try {
    path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  } catch {
    res.writeHead(400).end('bad request');
    return;
  }
  if (path.endsWith('/')) path += 'index.html';
  const file = normalize(join(dir, path));
  if (file !== dir && !file.startsWith(dir + sep)) {
    res.writeHead(403).end('forbidden');
    return;
  }
  let stat;
  try {
    stat = statSync(file);
  } catch {
    res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
    return;
  }
  if (!stat.isFile()) {
    res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
    return;
  }
  const type = MIME[extname(file).toLowerCase()] || 'application/octet-stream';
  const headers = {
    'Content-Type': type,
    'Content-Length': stat.size,
    'Cache-Control': 'no-cache',
    'X-Content-Type-Options': 'nosniff',
  };
  if (basename(file) !== 'irlens.html') headers['Content-Security-Policy'] = `${CSP}; frame-ancestors 'self'`;
  res.writeHead(200, headers);
  if (req.method === 'HEAD') res.end();
  else createReadStream(file).pipe(res);
});

server.listen(Number(portArg), host, () => {
  const { port } = server.address();
  console.log(`serving ${dir} on http://${host}:${port}/`);
});
