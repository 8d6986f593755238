// Makes the memory snapshot of a Pyodide that has imported what every page imports, so that
// a page's kernel restores it instead of starting Python and importing IPython from nothing,
// and the files of its installed packages, which the snapshot cannot hold.
//
//   node site/snapshot.mjs <pyodide folder> <snapshot out> <files out> <packages JSON> <Python>
//
// Pyodide 0.27 can snapshot its memory (loadPyodide's `_makeSnapshot` / `_loadSnapshot`).
// The snapshot is the WebAssembly memory only: files live in JavaScript. So the installed
// files are written out too, as Pyodide unpacked them (one header, then every file's bytes),
// for a page to write back in one go rather than unpack every wheel again in Python.
import { loadPyodide } from "pyodide/pyodide.mjs";
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { filesUnder, writeFilesBlob, zeroFreeMemory } from "./snapshot_tools.mjs";

const [folder, out, filesOut, packages, prepare] = process.argv.slice(2);
if (!prepare) {
  console.error("usage: snapshot.mjs <pyodide folder> <snapshot> <files> <packages> <python>");
  process.exit(2);
}
const pyodide = await loadPyodide({
  indexURL: resolve(folder) + "/",
  packages: JSON.parse(packages),
  _makeSnapshot: true,
});
// The installed files, before the imports below could add anything to them.
const sitePackages = pyodide.runPython("import pyodide._package_loader as l; str(l.SITE_PACKAGES)");
const files = filesUnder(pyodide, sitePackages);
const installed = files.length;

pyodide.runPython(prepare);
// What the imports wrote in the home folder (IPython's profile), which the page's shell expects.
files.push(...filesUnder(pyodide, pyodide.runPython("import os; os.path.expanduser('~')")));
writeFilesBlob(filesOut, files, { packages: { ...pyodide.loadedPackages } });
console.log(`files: ${installed} under ${sitePackages}, ${files.length - installed} at home`);

// The snapshot records which JavaScript objects Python holds, and refuses any it cannot find
// again by name; the list of loaded packages is one of them and must look as it did at start.
// Emptying it is also true of the restored page: its files are not there until it loads them.
for (const name of Object.keys(pyodide.loadedPackages)) delete pyodide.loadedPackages[name];
// Python also holds two objects of Pyodide's own API (the kernel's `from pyodide_js import
// loadPackagesFromImports`): the page's worker finds them again in its restored Pyodide
// (WORKER_PATCHES in build.py). Anything else the page could not give back fails the build.
const serializer = (object) => {
  if (object === pyodide) return { api: "" };
  if (typeof object === "function" && pyodide[object.name] === object) return { api: object.name };
  throw new Error(`Python holds a JavaScript object a page cannot give back: ${object}`);
};
zeroFreeMemory(pyodide);
const snapshot = pyodide.makeMemorySnapshot({ serializer });
writeFileSync(out, snapshot);
console.log(`snapshot: ${(snapshot.length / 1e6).toFixed(1)} MB of memory`);
