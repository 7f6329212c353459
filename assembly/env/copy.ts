// Clone: a game copied over another, within an environment or between two of the same rules.

import { clearError, failWith } from "../contract/error";
import { ENV_BUF_REWARD, ENV_WRITE_MASK, ENV_WRITE_OBSERVATION, ERROR_ENV_NO_GAME } from "../contract/contract";
import { bufferOf, envAt, slotOf } from "./layout";
import { copySlot } from "./game";
import { OP_WRITE, envOperate } from "./operate";

const OUTPUTS: i32 = ENV_WRITE_MASK | ENV_WRITE_OBSERVATION;

/** Game `from` of `fromEnv` over game `to` of `toEnv`: 0, or ERROR_ENV_NO_GAME. */
export function copyGame(toEnv: i32, to: i32, fromEnv: i32, from: i32): i32 {
  clearError();
  const target = envAt(toEnv);
  const source = envAt(fromEnv);
  if (target == null || source == null || to < 0 || to >= target.count || from < 0 || from >= source.count
    || target.variant != source.variant || (target.flags & ~OUTPUTS) != (source.flags & ~OUTPUTS) || target.maxPlies != source.maxPlies) {
    failWith(ERROR_ENV_NO_GAME);
    return ERROR_ENV_NO_GAME;
  }
  copySlot(source, slotOf(source, from), slotOf(target, to));
  store<f32>(bufferOf(target, ENV_BUF_REWARD) + (<usize>to << 2), load<f32>(bufferOf(source, ENV_BUF_REWARD) + (<usize>from << 2)));
  return <i32>envOperate(toEnv, OP_WRITE, to, 0);
}
