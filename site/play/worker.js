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

const start = async ({ pyodide: indexURL, start: script, bundles, decoder, files, game }) => {
  const pyodideUrl = new URL(`${indexURL}pyodide.js`, self.location.href).href;
  importScripts(pyodideUrl, script);
  const options = {
    packages: [],
    sheepkitBundles: bundles.map((bundle) => new URL(bundle, self.location.href).href),
    sheepkitDecoder: new URL(decoder, self.location.href).href,
    sheepkitFiles: new URL(files, self.location.href).href, // for Python from nothing
  };
  const pyodide = await self.sheepkitStartPython(loadPyodide, indexURL, pyodideUrl, options);
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
