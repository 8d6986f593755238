// The play page's Python, in a worker (site/play_pages.py): Pyodide restored from the play
// pages' own memory snapshot, the sheepkit package's files written back, all from two xz
// bundles, by the apps' own code (site/start_python.js: self.sheepkitStartPython, which keeps
// the decoded parts in IndexedDB for the next visit, and starts Python from nothing if
// anything fails); then one sheepkit.play_page.PlayPage. Messages in: {start: {...}} once, then {act: [name, ...args]};
// out: {view: "<JSON>"} after each (but a pointer's move that changed nothing), or {error}; and a view unasked when a table's message
// arrives on the page's websocket (Play together: sheepkit.play_tables). (A worker, not the page: a solved table is
// fetched by a synchronous request, which only a worker may make for bytes.)
let page = null;
let ready = null;

// A gzipped file (the files, for a start without the snapshot), unpacked here unless the
// server already did.
const fetchBytes = async (url) => {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  let bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes[0] === 31 && bytes[1] === 139) {
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  }
  return bytes;
};

// The files blob: a 4-byte length, a JSON header of paths and sizes, then the bytes.
const writeFiles = (pyodide, blob) => {
  const length = new DataView(blob.buffer, blob.byteOffset).getUint32(0, true);
  const header = JSON.parse(new TextDecoder().decode(blob.subarray(4, 4 + length)));
  let at = 4 + length;
  let made = "";
  for (const [path, size] of header.files) {
    const folder = path.slice(0, path.lastIndexOf("/"));
    if (folder !== made) {
      pyodide.FS.mkdirTree(folder);
      made = folder;
    }
    pyodide.FS.writeFile(path, blob.subarray(at, at + size));
    at += size;
  }
};

const start = async ({ pyodide: indexURL, start: script, bundles, decoder, files, game }) => {
  const pyodideUrl = new URL(`${indexURL}pyodide.js`, self.location.href).href;
  importScripts(pyodideUrl, script);
  const options = {
    packages: [],
    sheepkitBundles: bundles.map((bundle) => new URL(bundle, self.location.href).href),
    sheepkitDecoder: new URL(decoder, self.location.href).href,
  };
  const pyodide = await self.sheepkitStartPython(loadPyodide, indexURL, pyodideUrl, options);
  if (!pyodide.runPython("hasattr(__import__('sys'), '_sheepkit_snapshot')")) {
    // Python from nothing (start_python.js said why): slower, the same game.
    writeFiles(pyodide, await fetchBytes(files));
    pyodide.runPython("import importlib; importlib.invalidate_caches()");
  }
  page = pyodide.runPython(`from sheepkit.play_page import start; start(${JSON.stringify(game)})`);
  // What the table says unasked (a move at another device) comes as a view of its own.
  page.pushes((view) => self.postMessage({ view }));
  return page.act_json(JSON.stringify(["tick"]));
};

self.onmessage = async ({ data }) => {
  try {
    if (data.start) {
      ready = start(data.start);
      self.postMessage({ view: await ready });
      return;
    }
    await ready;
    const view = page.act_json(JSON.stringify(data.act));
    if (view) self.postMessage({ view }); // "": a pointer's move that changed nothing

  } catch (error) {
    console.error(error);
    self.postMessage({ error: String(error) });
  }
};
