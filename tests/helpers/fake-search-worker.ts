// The search worker with the fake raw search (see fake-search.ts) in place of the core's.
import { Engine } from '../../bindings/core/engine.js';
import { installFakeSearch } from './fake-search.js';

installFakeSearch(Engine.prototype);
await import('../../bindings/search/worker.js');
