"""Stand-in (sheepkit static site): there is no ssl in this browser Python.

The Pyodide kernel installs a package named ssl at start; the real one is a compiled module
(with OpenSSL) that only Pyodide's CDN serves. Importing this one fails the way a missing
module does: the standard library's `try: import ssl` fallbacks then apply.
"""

raise ModuleNotFoundError(
    "ssl is not available in sheepkit's static site (its compiled module is not bundled)",
    name="ssl",
)
