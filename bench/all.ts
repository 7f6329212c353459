// `npm run bench`: the perft benchmark, then the search-speed benchmark.
//
//   npm run bench -- [perft options]    every option goes to the perft bench (see its --help);
//                                       --variant goes to both, and --quick gives the search
//                                       bench a quick look (its first 10 positions per variant)

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

function run(script: string, args: readonly string[]): void {
  const file = fileURLToPath(new URL(script, import.meta.url));
  const outcome = spawnSync(process.execPath, [file, ...args], { stdio: 'inherit' });
  if (outcome.status !== 0) process.exit(outcome.status ?? 1);
}

/** The options the search bench shares with the perft bench. */
function searchArgs(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--quick') out.push('--limit', '10');
    else if (arg === '--variant' || arg === '--variants') out.push('--variant', argv[++i] ?? '');
    else if (arg.startsWith('--variant=') || arg.startsWith('--variants=')) out.push(`--variant=${arg.slice(arg.indexOf('=') + 1)}`);
  }
  return out;
}

const argv = process.argv.slice(2);
run('./perft.js', argv);
if (argv.includes('--help') || argv.includes('-h')) {
  console.log('\nthen the search bench, with --variant and --quick only (for all its options: npm run bench:search -- --help)');
  process.exit(0);
}
console.log('');
run('./search-speed.js', searchArgs(argv));
