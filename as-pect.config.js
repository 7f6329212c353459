// as-pect runs the AssemblyScript unit tests (assembly/__tests__) with a debug build of the
// core, asserts on, compiled from as-pect.asconfig.json (not the release target).
export default {
  entries: ["assembly/__tests__/**/*.spec.ts"],
  include: ["assembly/__tests__/**/*.include.ts"],
  disclude: [/node_modules/],
  async instantiate(memory, createImports, instantiate, binary) {
    // The search's two host calls (search.ts, root.ts), for the specs that reach the dispatch: never asked to stop.
    return instantiate(binary, createImports({ env: { memory, searchPoll: () => 0, searchReport: () => 0 } }));
  },
  outputBinary: false,
};
