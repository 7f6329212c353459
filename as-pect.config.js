// as-pect runs the AssemblyScript unit tests (assembly/__tests__) with a debug build of the
// core, asserts on, compiled from as-pect.asconfig.json (not the release target).
export default {
  entries: ["assembly/__tests__/**/*.spec.ts"],
  include: ["assembly/__tests__/**/*.include.ts"],
  disclude: [/node_modules/],
  async instantiate(memory, createImports, instantiate, binary) {
    return instantiate(binary, createImports({ env: { memory } }));
  },
  outputBinary: false,
};
