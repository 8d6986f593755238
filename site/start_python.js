// How the kernel's worker starts Python on this site: site/build.py puts this function
// (WORKER_PATCHES) where the Pyodide kernel (0.6.1) calls loadPyodide, and calls it with
// loadPyodide, the index URL, pyodide.js's URL and the page config's loadPyodideOptions. The
// play pages' worker calls it too (site/play_pages.py copies it as `sheepkitStartPython`),
// with a bundle of its own (its snapshot and files) and no other packages.
//
// The page config names bundles (`sheepkitBundles`, addresses from pyodide.js's), each an xz stream
// of parts (site/README.md, "Compressed and cached"): the first holds Pyodide's wasm, its
// standard library, the memory snapshot made at build time and the installed packages' files
// that the apps need; the lab's second adds the files only the lab reads (the play pages split
// theirs in two). xz is decoded by npm's xz-decompress (`sheepkitDecoder`, a script beside
// them) as a bundle arrives, the bundles side by side: the first here, each other one in a
// worker of its own, on another core. The
// wasm compiles as it comes, while the rest is decoded, and goes to Pyodide in place of its
// own fetch of pyodide.asm.wasm; the standard library likewise; then Python is restored from
// the snapshot and the files are written back. The decoded parts are then kept in IndexedDB,
// where the next visit finds them without decoding again. If anything fails, it says why on
// the console and starts Python from nothing, as Pyodide does by itself, and writes the files
// blob named by `sheepkitFiles` (gzip) if given.
async (loadPyodide, indexURL, pyodideUrl, options) => {
  const {
    sheepkitBundles: bundles = [],
    sheepkitDecoder: decoder,
    sheepkitFiles: filesUrl,
    ...plain
  } = options;
  // A files blob: [header length, 4 bytes little-endian][JSON header: the packages, the
  // files' paths and sizes][their bytes], written into Pyodide's file system folder by
  // folder (each folder made once); returns its header.
  const writeFiles = (pyodide, files) => {
    const length = new DataView(files.buffer, files.byteOffset).getUint32(0, true);
    const header = JSON.parse(new TextDecoder().decode(files.subarray(4, 4 + length)));
    let at = 4 + length;
    let made = "";
    for (const [path, size] of header.files) {
      const folderOf = path.slice(0, path.lastIndexOf("/"));
      if (folderOf !== made) {
        pyodide.FS.mkdirTree(folderOf);
        made = folderOf;
      }
      pyodide.FS.writeFile(path, files.subarray(at, at + size));
      at += size;
    }
    return header;
  };
  // A worker that decodes one bundle: [the decoder's address, the bundle's] in; "started", its
  // decoded chunks (each a copy: the decoder's own buffer stays), then null, or {error} out.
  const DECODER_WORKER = `self.onmessage = async ({ data: [decoder, key] }) => {
    self.postMessage("started");
    try {
      importScripts(decoder);
      const response = await fetch(key);
      if (!response.ok) throw new Error("HTTP " + response.status);
      const reader = new self["xz-decompress"].XzReadableStream(response.body).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        const own = value.byteLength === value.buffer.byteLength ? value : value.slice();
        self.postMessage(own, [own.buffer]);
      }
      self.postMessage(null);
    } catch (error) {
      self.postMessage({ error: String(error) });
    }
  };`;
  const fetchPlain = self.fetch;
  const instantiatePlain = WebAssembly.instantiateStreaming;
  // IndexedDB (a plain-http page has no Cache Storage) keeps each bundle's decoded parts under
  // the bundle's address, which changes with its content (a folder named by its hash).
  const keeping = (mode, use) =>
    new Promise((resolve, reject) => {
      const opening = indexedDB.open("sheepkit-python", 1);
      opening.onupgradeneeded = () => opening.result.createObjectStore("bundles");
      opening.onerror = () => reject(opening.error);
      opening.onsuccess = () => {
        const db = opening.result;
        const transaction = db.transaction("bundles", mode);
        const request = use(transaction.objectStore("bundles"));
        transaction.oncomplete = () => (db.close(), resolve(request.result));
        transaction.onerror = transaction.onabort = () => (db.close(), reject(transaction.error));
      };
    });
  let keys = [];
  let kept = [];
  if (bundles.length > 0 && decoder) {
    try {
      const started = performance.now();
      const base = new URL(pyodideUrl, self.location.href);
      const folder = new URL(".", base).href;
      keys = bundles.map((bundle) => new URL(bundle, base).href);
      kept = await Promise.all(
        keys.map((key) => keeping("readonly", (store) => store.get(key)).catch(() => null)),
      );
      const wasmHeaders = { "Content-Type": "application/wasm" };
      // Each part, by name, as a promise of its bytes (the wasm: a Response).
      const parts = new Map();
      const part = (name) => {
        if (!parts.has(name)) {
          const entry = {};
          entry.promise = new Promise((resolve, reject) => Object.assign(entry, { resolve, reject }));
          entry.promise.catch(() => {}); // a failure is reported once, by whoever awaits it
          parts.set(name, entry);
        }
        return parts.get(name);
      };
      const decoded = keys.map(() => []); // each bundle's decoded parts, [name, bytes], to keep
      // setTimeout waits 4 ms once nested; a message to itself does not
      const channel = new MessageChannel();
      const tasks = [];
      channel.port1.onmessage = () => tasks.shift()();
      const setTask = (run) => (tasks.push(run), channel.port2.postMessage(null));
      // A bundle's decoded bytes, as a stream: decoded here, or in a worker of its own.
      const decodedHere = async (key) => {
        const response = await fetchPlain(key);
        if (!response.ok) throw new Error(`${key}: HTTP ${response.status}`);
        if (Xz === null) {
          importScripts(new URL(decoder, base).href);
          Xz = self["xz-decompress"].XzReadableStream;
        }
        return new Xz(response.body);
      };
      // Resolves once the worker runs.
      const decodedApart = (key) =>
        new Promise((running, failed) => {
          const helper = new Worker(URL.createObjectURL(new Blob([DECODER_WORKER])));
          helper.postMessage([new URL(decoder, base).href, key]);
          const stream = new ReadableStream({
            start: (controller) => {
              const fail = (error) => (helper.terminate(), failed(error), controller.error(error));
              helper.onmessage = ({ data }) => {
                if (data instanceof Uint8Array) controller.enqueue(data);
                else if (data === "started") running(stream);
                else if (data === null) (helper.terminate(), controller.close());
                else fail(new Error(`${key}: ${data.error}`));
              };
              helper.onerror = (event) => fail(new Error(`${key}: ${event.message}`));
            },
          });
        });
      const decode = async (key, into, decodedBytes) => {
        const reader = (await decodedBytes).getReader();
        let chunk = new Uint8Array(0);
        let reads = 0;
        const more = async () => {
          // The decoder's chunks come as promises already settled: a task now and then lets
          // this thread start the other bundles' workers and take their chunks as they come.
          if (++reads % 8 === 0) await new Promise((resolve) => setTask(resolve));
          const { done, value } = await reader.read();
          if (done) throw new Error(`${key} ends early`);
          if (chunk.length === 0) chunk = value;
          else {
            const joined = new Uint8Array(chunk.length + value.length);
            joined.set(chunk);
            joined.set(value, chunk.length);
            chunk = joined;
          }
        };
        const take = async (count) => {
          while (chunk.length === 0) await more();
          const piece = chunk.subarray(0, count);
          chunk = chunk.subarray(piece.length);
          return piece;
        };
        // [header length, 4 bytes little-endian][JSON header: the parts][the parts' bytes]
        while (chunk.length < 4) await more();
        const length = new DataView(chunk.buffer, chunk.byteOffset).getUint32(0, true);
        while (chunk.length < 4 + length) await more();
        const header = JSON.parse(new TextDecoder().decode(chunk.subarray(4, 4 + length)));
        chunk = chunk.subarray(4 + length);
        // a part with runs ([first page, count]) holds only those 64 KiB pages: zeros elsewhere
        for (const [name, size, runs = [[0, Math.ceil(size / 65536)]]] of header.parts) {
          const bytes = new Uint8Array(size);
          let sink = null; // the wasm's: it compiles as it comes
          if (name.endsWith(".wasm")) {
            const stream = new ReadableStream({ start: (controller) => (sink = controller) });
            part(name).resolve(new Response(stream, { headers: wasmHeaders }));
          }
          try {
            for (const [first, count] of runs) {
              const end = Math.min(size, (first + count) * 65536);
              for (let at = first * 65536; at < end; ) {
                const piece = await take(end - at);
                bytes.set(piece, at);
                if (sink) sink.enqueue(piece);
                at += piece.length;
              }
            }
            if (sink) sink.close();
          } catch (error) {
            if (sink) sink.error(error);
            throw error;
          }
          if (!sink) part(name).resolve(bytes);
          into.push([name, bytes]);
        }
      };
      let Xz = null;
      const unpacked = (async () => {
        // The bundles not kept are decoded side by side: the first here, each other one in a
        // worker of its own (the decoder takes one stream at a time, on one core).
        const workers = typeof Worker === "function";
        const fresh = keys.filter((_, index) => !kept[index]);
        // (a worker refused, say by a page's policy: decoded here after the first)
        const apart = new Map(
          workers ? fresh.slice(1).map((key) => [key, decodedApart(key).catch(() => decodedHere(key))]) : [],
        );
        await Promise.all(
          keys.map(async (key, index) => {
            if (kept[index]) {
              for (const [name, blob] of kept[index]) {
                const wasm = name.endsWith(".wasm");
                part(name).resolve(
                  wasm ? new Response(blob, { headers: wasmHeaders }) : new Uint8Array(await blob.arrayBuffer()),
                );
              }
              return;
            }
            await decode(key, decoded[index], apart.get(key) || decodedHere(key));
          }),
        );
        // the decoder keeps its 64 MB window as long as its module lives: let it go
        if (Xz !== null) Xz._moduleInstance = Xz._moduleInstancePromise = null;
        return performance.now() - started;
      })();
      unpacked.catch((error) => parts.forEach((entry) => entry.reject(error)));
      // Pyodide fetches its wasm and standard library itself: from the bundle, once each. The
      // wasm compiles as it is decoded: Pyodide instantiates it only once the snapshot is
      // there, so its own fetch gets a stand-in that its instantiateStreaming turns into
      // this module.
      const compiled = part("pyodide.asm.wasm").promise.then((r) => WebAssembly.compileStreaming(r));
      compiled.catch(() => {});
      const stand = new Response(null);
      const served = new Map([
        ["pyodide.asm.wasm", async () => stand],
        // if the bundle fails, the snapshot fails too and this Pyodide is given up before it
        // reads the standard library: its fetch stays unanswered (not an unhandled error)
        ["python_stdlib.zip", () => part("python_stdlib.zip").promise.then((b) => new Response(b), () => new Promise(() => {}))],
      ]);
      WebAssembly.instantiateStreaming = async (source, imports) => {
        const response = await source;
        if (response !== stand) return instantiatePlain.call(WebAssembly, response, imports);
        const module = await compiled;
        return { module, instance: await WebAssembly.instantiate(module, imports) };
      };
      self.fetch = (request, init) => {
        const url = new URL(request instanceof Request ? request.url : request, self.location.href);
        const name = url.href.startsWith(folder) ? url.href.slice(folder.length) : null;
        const serve = served.get(name);
        if (!serve) return fetchPlain(request, init);
        served.delete(name);
        return serve();
      };
      // Python holds Pyodide's API and one of its functions (site/snapshot.mjs): it finds
      // them in this page's Pyodide, once restored.
      const api = (s) =>
        s.api
          ? (...a) => self.sheepkitPyodide[s.api](...a)
          : new Proxy({}, { get: (_, k) => self.sheepkitPyodide[k], has: (_, k) => k in self.sheepkitPyodide });
      const pyodide = await loadPyodide({
        indexURL,
        ...plain,
        packages: [],
        _loadSnapshot: part("snapshot").promise,
        _snapshotDeserializer: api,
      });
      self.sheepkitPyodide = pyodide;
      const took = await unpacked;
      // Every part named "files" or "<something>-files" is a files blob.
      let written = 0;
      for (const name of parts.keys()) {
        if (name !== "files" && !name.endsWith("-files")) continue;
        const header = writeFiles(pyodide, await part(name).promise);
        written += header.files.length;
        // installed, as far as Pyodide can tell (a cell's imports load nothing again)
        Object.assign(pyodide.loadedPackages, header.packages);
      }
      pyodide.runPython("__import__('sys')._sheepkit_snapshot['after_restore']()");
      const how = kept.every(Boolean) ? "its parts read from IndexedDB" : kept.some(Boolean) ? "unpacked or read from IndexedDB" : "unpacked";
      console.log(
        `sheepkit: Python restored from ${bundles.join(" + ")}, ${written} files;` +
          ` ${how} in ${(took / 1000).toFixed(2)} s,` +
          ` restored in ${((performance.now() - started) / 1000).toFixed(2)} s`,
      );
      if (decoded.some((d) => d.length > 0)) {
        // once the page's first cells have had the worker to themselves
        setTimeout(() => {
          const blobs = decoded.map((d) => d.map(([name, bytes]) => [name, new Blob([bytes])]));
          decoded.length = 0;
          // An earlier build's are dropped: those in a folder of the same name but for its
          // hash (static/pyodide-<hash>/), not another page's (static/play-<hash>/).
          const keyFolder = (k) => String(k).slice(0, String(k).lastIndexOf("/") + 1);
          const stem = (k) => keyFolder(k).replace(/-[0-9a-f]{8,}\/$/, "");
          const ours = new Set(keys.map(keyFolder));
          const stems = new Set(keys.map(stem));
          const old = (k) => stems.has(stem(k)) && !ours.has(keyFolder(k));
          const keep = (store) => {
            const all = store.getAllKeys();
            all.onsuccess = () => all.result.filter(old).forEach((k) => store.delete(k));
            let last = null;
            blobs.forEach((b, index) => b.length > 0 && (last = store.put(b, keys[index])));
            return last;
          };
          const names = bundles.filter((_, index) => blobs[index].length > 0).join(" + ");
          keeping("readwrite", keep).then(
            () => console.log(`sheepkit: kept the decoded ${names} for the next visit`),
            (error) => console.warn(`sheepkit: could not keep the decoded ${names}:`, error),
          );
        }, 3000);
      }
      return pyodide;
    } catch (error) {
      console.warn("sheepkit: Python starts without its snapshot:", error);
      // a kept part that failed is decoded afresh next time
      keys.forEach((key, index) => kept[index] && keeping("readwrite", (store) => store.delete(key)).catch(() => {}));
    } finally {
      self.fetch = fetchPlain;
      WebAssembly.instantiateStreaming = instantiatePlain;
    }
  }
  const pyodide = await loadPyodide({ indexURL, ...plain });
  if (filesUrl) {
    // Python from nothing, with the files blob given as gzip (`sheepkitFiles`, the play
    // page's: its packages are files, not wheels), unzipped here unless the server did.
    const response = await fetch(filesUrl);
    if (!response.ok) throw new Error(`${filesUrl}: HTTP ${response.status}`);
    let files = new Uint8Array(await response.arrayBuffer());
    if (files[0] === 31 && files[1] === 139) {
      const stream = new Blob([files]).stream().pipeThrough(new DecompressionStream("gzip"));
      files = new Uint8Array(await new Response(stream).arrayBuffer());
    }
    writeFiles(pyodide, files);
    pyodide.runPython("import importlib; importlib.invalidate_caches()");
  }
  return pyodide;
}
