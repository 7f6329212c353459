// The one table from a variant id to the types its code is compiled with: the rules `V`
// (variants.ts) and the set type `B` (u32 for the 8×8 boards, u64 for the larger ones; on
// 12×12 a set's low word). Every dispatch of the core picks its variant here, once per call,
// never per node: the exports' (abi/dispatch.ts) and the endgame databases' (egdb/operate.ts).
//
// A dispatch passes a call: a class with a generic method `run<V, B>(): R` (the call's work,
// with the variant's types) and `unknown(): R` (the answer for an id this core does not play).
// A type resolved once more per variant is one more type argument on each line below and on
// each call's `run`. A row guarded by built(id) is not compiled in a core built without that
// variant, and with it no generic instance that only that variant needed.

import { built } from "../contract/build";
import {
  VARIANT_BRAZILIAN, VARIANT_CANADIAN, VARIANT_CZECH, VARIANT_ENGLISH, VARIANT_FRISIAN, VARIANT_INTERNATIONAL, VARIANT_ITALIAN, VARIANT_KILLER,
  VARIANT_POOL, VARIANT_RUSSIAN, VARIANT_SPANISH, VARIANT_THAI, VARIANT_TURKISH,
} from "../contract/contract";
import { Brazilian, Canadian, Czech, English, Frisian, International, Italian, Killer, Pool, Russian, Spanish, Thai, Turkish } from "./variants";

/** `call.run` with the types of variant `id` (a plain id: no OPTIONAL_CAPTURE bit), or `call.unknown()`. */
export function forVariant<C, R>(id: i32, call: C): R {
  switch (id) {
    case VARIANT_ENGLISH: if (built(VARIANT_ENGLISH)) return call.run<English, u32>(); break;
    case VARIANT_ITALIAN: if (built(VARIANT_ITALIAN)) return call.run<Italian, u32>(); break;
    case VARIANT_INTERNATIONAL: if (built(VARIANT_INTERNATIONAL)) return call.run<International, u64>(); break;
    case VARIANT_BRAZILIAN: if (built(VARIANT_BRAZILIAN)) return call.run<Brazilian, u32>(); break;
    case VARIANT_RUSSIAN: if (built(VARIANT_RUSSIAN)) return call.run<Russian, u32>(); break;
    case VARIANT_SPANISH: if (built(VARIANT_SPANISH)) return call.run<Spanish, u32>(); break;
    case VARIANT_CZECH: if (built(VARIANT_CZECH)) return call.run<Czech, u32>(); break;
    case VARIANT_POOL: if (built(VARIANT_POOL)) return call.run<Pool, u32>(); break;
    case VARIANT_THAI: if (built(VARIANT_THAI)) return call.run<Thai, u32>(); break;
    case VARIANT_KILLER: if (built(VARIANT_KILLER)) return call.run<Killer, u64>(); break;
    case VARIANT_TURKISH: if (built(VARIANT_TURKISH)) return call.run<Turkish, u64>(); break;
    case VARIANT_FRISIAN: if (built(VARIANT_FRISIAN)) return call.run<Frisian, u64>(); break;
    case VARIANT_CANADIAN: if (built(VARIANT_CANADIAN)) return call.run<Canadian, u64>(); break;
  }
  return call.unknown();
}
