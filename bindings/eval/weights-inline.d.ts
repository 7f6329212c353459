// Generated at build time (scripts/embed-wasm.mjs): each family's weight file, base64, by family index.
export declare const weightsBase64: Readonly<Record<number, string>>;
