// Makes the play pages' memory snapshot (site/play_pages.py): a bare Pyodide with the sheepkit
// wheel unpacked and sheepkit's play page imported (no IPython, no widgets), and the files of
// that wheel, which the snapshot cannot hold. The standard library is the stored zip the page's
// bundle holds (site/build.py's store_zip): the snapshot records where its modules are in it.
//
//   node site/play_snapshot.mjs <pyodide folder> <sheepkit wheel> <stdlib zip> <snapshot out> <files out> <Python>
//
// The files blob and the zeroing of free memory are the apps' (site/snapshot_tools.mjs).
import { loadPyodide } from "pyodide/pyodide.mjs";
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { filesUnder, writeFilesBlob, zeroFreeMemory } from "./snapshot_tools.mjs";

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
const files = filesUnder(pyodide, sitePackages, (path) => !path.includes("/__pycache__/"));
pyodide.runPython(prepare);
writeFilesBlob(filesOut, files);
console.log(`files: ${files.length} under ${sitePackages}`);
console.log(`zeroed: ${zeroFreeMemory(pyodide)} free blocks of the heap, and past its end`);
const snapshot = pyodide.makeMemorySnapshot();
writeFileSync(out, snapshot);
console.log(`snapshot: ${(snapshot.length / 1e6).toFixed(1)} MB of memory`);
