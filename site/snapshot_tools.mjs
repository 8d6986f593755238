// What the two snapshot scripts (site/snapshot.mjs for the apps, site/play_snapshot.mjs for
// the play pages) both do to a Pyodide in Node.js before saving its memory.
import { writeFileSync } from "node:fs";

// The files under a folder of the Pyodide's file system, as [path, bytes]; `keep(path)`
// false leaves one out.
export const filesUnder = (pyodide, folder, keep = () => true) => {
  const files = [];
  const walk = (dir) => {
    for (const name of pyodide.FS.readdir(dir)) {
      if (name === "." || name === "..") continue;
      const path = `${dir}/${name}`;
      if (pyodide.FS.isDir(pyodide.FS.stat(path).mode)) walk(path);
      else if (keep(path)) files.push([path, pyodide.FS.readFile(path)]);
    }
  };
  walk(folder);
  return files;
};

// The files blob a page writes back (site/start_python.js): a 4-byte little-endian length, a
// JSON header (`fields`, and the files' paths and sizes), then every file's bytes.
export const writeFilesBlob = (out, files, fields = {}) => {
  const header = new TextEncoder().encode(
    JSON.stringify({ ...fields, files: files.map(([path, bytes]) => [path, bytes.length]) }),
  );
  const length = new Uint8Array(new Uint32Array([header.length]).buffer); // little-endian here
  writeFileSync(out, Buffer.concat([length, header, ...files.map(([, bytes]) => bytes)]));
};

// Memory that was used and freed (sources read, wheels unpacked) still holds its old bytes,
// which a page would download: zero it. Pyodide's Python allocates with the C library's
// malloc (no pymalloc), so every free block is found by allocating it, within the heap as
// it is (the footprint limit: malloc fails rather than grow it), then freeing it again.
// Returns how many blocks were zeroed.
export const zeroFreeMemory = (pyodide) => {
  const wasm = pyodide._module;
  const heap = wasm.HEAPU8.length;
  const limit = wasm._malloc_footprint_limit();
  wasm._malloc_set_footprint_limit(wasm._malloc_footprint());
  const held = [];
  for (let size = 1 << 24; size >= 64; size >>= 1) {
    for (let block = wasm.___libc_malloc(size); block; block = wasm.___libc_malloc(size)) {
      wasm.HEAPU8.fill(0, block, block + size);
      held.push(block);
    }
  }
  for (const block of held) wasm.___libc_free(block);
  wasm._malloc_set_footprint_limit(limit);
  wasm.HEAPU8.fill(0, wasm._sbrk(0), heap); // above the heap's end: never handed out now
  if (wasm.HEAPU8.length !== heap) throw new Error("zeroing the free memory grew the heap");
  return held.length;
};
