// The Content-Security-Policy of the served web app: no eval, no inline code, nothing remote.
// WebAssembly needs 'wasm-unsafe-eval'; the worker is a same-origin module (blob: for embedding
// pages that build one). Used by web/bundle.mjs (meta tags) and scripts/static-server.mjs (header).
export const CSP = [
  "default-src 'none'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "img-src 'self' data: blob:",
  "style-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');
