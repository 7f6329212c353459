// The environment of a user's shell, for tests that run npm as a user would.

import { delimiter } from 'node:path';

/**
 * Without the npm_* variables that `npm test` sets for its scripts (they would make an npm run
 * inside act as part of that run, on its package), and without the node_modules/.bin folders it
 * puts on PATH (a user's shell has none).
 */
export function userEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) if (!/^npm_/i.test(name) && name !== 'INIT_CWD') env[name] = value;
  const path = (process.env.PATH ?? '').split(delimiter).filter((folder) => !/node_modules[\\/]\.bin$/.test(folder));
  return { ...env, PATH: path.join(delimiter), npm_config_fund: 'false', npm_config_audit: 'false', npm_config_update_notifier: 'false' };
}
