import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

/**
 * After `react-router build`: writes a .br and a .gz twin beside every compressible browser file of build/client,
 * at the best quality, once, so that serving/static.ts never compresses an asset per request.
 */
const root = path.resolve(import.meta.dirname, "../build/client");
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|html|txt|map|webmanifest)$/i;

function* files(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

let count = 0;
let raw = 0;
let packed = 0;
for (const file of files(root)) {
  const data = fs.readFileSync(file);
  if (data.length < 1024) continue;
  const br = zlib.brotliCompressSync(data, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  });
  const gz = zlib.gzipSync(data, { level: 9 });
  const { mtime } = fs.statSync(file);
  for (const [ext, body] of [[".br", br], [".gz", gz]] as const) {
    fs.writeFileSync(file + ext, body);
    fs.utimesSync(file + ext, mtime, mtime);
  }
  count++;
  raw += data.length;
  packed += br.length;
}
console.log(`precompressed ${count} files: ${(raw / 1024).toFixed(0)} kB → ${(packed / 1024).toFixed(0)} kB brotli`);
