/**
 * What a board view needs: layout, destinations, move trails, route choices.
 *
 * @module bitdraughts/ui
 */

// bitdraughts/ui: what a board view needs: square layout, which pieces may move, where to, the
// route of a move and the choice between routes (pair it with "bitdraughts" or "bitdraughts/lean").

export { boardLayout, captureRequired, destinations, moveTrail, movesBetween, routeChoices } from "../ui/board.js";
export type { BoardLayout, BoardSquare, MoveTrail, RouteChoice } from "../ui/board.js";
