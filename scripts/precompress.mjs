#!/usr/bin/env node
/**
 * `node scripts/precompress.mjs` (run by `npm run build` and the image's build): writes a Brotli (quality 11) and a
 * gzip (level 9) copy beside each of the build's hashed assets worth compressing, so the server sends them as
 * they are instead of compressing each request's copy again (ADR 135). The hashed files never change, so the
 * copies are made once per build. BUILD_DIR as for the build (default `build`).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const dir = join(process.env.BUILD_DIR ?? "build", "client", "assets");
/** what compresses (text); below `compression`'s own threshold a file is sent as it is */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|map|txt|html|webmanifest)$/;
const MIN_BYTES = 1024;

let files = 0;
let raw = 0;
let br = 0;
for (const name of readdirSync(dir)) {
  const file = join(dir, name);
  if (!COMPRESSIBLE.test(name) || !statSync(file).isFile()) continue;
  const body = readFileSync(file);
  if (body.length < MIN_BYTES) continue;
  const brotli = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
  });
  writeFileSync(`${file}.br`, brotli);
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  files++;
  raw += body.length;
  br += brotli.length;
}
console.log(`precompressed ${files} assets in ${dir}: ${(raw / 1024).toFixed(0)} KB → ${(br / 1024).toFixed(0)} KB brotli`);
