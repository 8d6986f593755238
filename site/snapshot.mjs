// Makes the memory snapshot of a Pyodide that has imported what every page imports, so that
// a page's kernel restores it instead of starting Python and importing IPython from nothing.
//
//   node site/snapshot.mjs <pyodide folder> <out file> <packages JSON> <Python to run>
//
// Pyodide 0.27 can snapshot its memory (loadPyodide's `_makeSnapshot` / `_loadSnapshot`).
// The snapshot is the WebAssembly memory only: files live in JavaScript, so a page still
// loads (unpacks) every package; what it skips is starting Python and running the imports.
import { loadPyodide } from "pyodide/pyodide.mjs";
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";

const [folder, out, packages, prepare] = process.argv.slice(2);
if (!prepare) {
  console.error("usage: snapshot.mjs <pyodide folder> <out file> <packages JSON> <python>");
  process.exit(2);
}
const pyodide = await loadPyodide({
  indexURL: resolve(folder) + "/",
  packages: JSON.parse(packages),
  _makeSnapshot: true,
});
pyodide.runPython(prepare);
// The snapshot records which JavaScript objects Python holds, and refuses any it cannot find
// again by name; the list of loaded packages is one of them and must look as it did at start.
// Emptying it is also true of the restored page: its files are not there until it loads them.
for (const name of Object.keys(pyodide.loadedPackages)) delete pyodide.loadedPackages[name];
const snapshot = pyodide.makeMemorySnapshot();
writeFileSync(out, snapshot);
console.log(`snapshot: ${(snapshot.length / 1e6).toFixed(1)} MB of memory`);
