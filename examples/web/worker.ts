// The search worker of the page: the package's own worker module, bundled as a second entry
// (esbuild does not follow `new Worker(new URL(…))`; Vite and webpack would find it themselves).
import "bitdraughts/search-worker";
