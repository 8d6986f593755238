// Makes the play pages' memory snapshot (site/play_pages.py): a bare Pyodide with the sheepkit
// wheel unpacked and sheepkit's play page imported (no IPython, no widgets), and the files of
// that wheel, which the snapshot cannot hold. The standard library is the stored zip the page's
// bundle holds (site/build.py's store_zip): the snapshot records where its modules are in it.
//
//   node site/play_snapshot.mjs <pyodide folder> <sheepkit wheel> <stdlib zip> <snapshot out> <files out> <Python>
//
// The files blob is as site/snapshot.mjs writes its own: a 4-byte little-endian length, a JSON
// header of paths and sizes, then every file's bytes.
import { loadPyodide } from "pyodide/pyodide.mjs";
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";

const [folder, wheel, stdlib, out, filesOut, prepare] = process.argv.slice(2);
if (!prepare) {
  console.error("usage: play_snapshot.mjs <pyodide folder> <wheel> <stdlib> <snapshot> <files> <python>");
  process.exit(2);
}
const pyodide = await loadPyodide({
  indexURL: resolve(folder) + "/",
  stdLibURL: resolve(stdlib),
  packages: [],
  _makeSnapshot: true,
});
const sitePackages = pyodide.runPython("import pyodide._package_loader as l; str(l.SITE_PACKAGES)");
pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", { extractDir: sitePackages });
const files = [];
const walk = (dir) => {
  for (const name of pyodide.FS.readdir(dir)) {
    if (name === "." || name === "..") continue;
    const path = `${dir}/${name}`;
    if (pyodide.FS.isDir(pyodide.FS.stat(path).mode)) walk(path);
    else if (!path.includes("/__pycache__/")) files.push([path, pyodide.FS.readFile(path)]);
  }
};
walk(sitePackages);
pyodide.runPython(prepare);
const header = new TextEncoder().encode(
  JSON.stringify({ files: files.map(([path, bytes]) => [path, bytes.length]) }),
);
const length = new Uint8Array(new Uint32Array([header.length]).buffer); // little-endian here
writeFileSync(filesOut, Buffer.concat([length, header, ...files.map(([, bytes]) => bytes)]));
console.log(`files: ${files.length} under ${sitePackages}`);
// Memory that no one uses still holds what was there before (freed objects, the boot's
// scratch): zeroed, it costs a page next to nothing to download. Every free block of the heap
// is taken (malloc, largest first, never past the heap's end), zeroed and given back, and
// all memory past the heap's end is zeroed.
const M = pyodide._module;
const end = M._sbrk(0);
const held = [];
for (let size = 1 << 22; size >= 64; ) {
  const at = M._PyMem_RawMalloc(size); // malloc itself (PyMem_RawMalloc is malloc)
  if (at && at + size <= end) {
    M.HEAPU8.fill(0, at, at + size);
    held.push(at);
  } else {
    if (at) M._free(at);
    size >>= 1;
  }
}
for (const at of held) M._free(at);
M.HEAPU8.fill(0, M._sbrk(0));
console.log(`zeroed: ${held.length} free blocks of the heap, and past its end`);
const snapshot = pyodide.makeMemorySnapshot();
writeFileSync(out, snapshot);
console.log(`snapshot: ${(snapshot.length / 1e6).toFixed(1)} MB of memory`);
