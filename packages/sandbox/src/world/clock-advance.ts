/** How far the clock may move: `seconds` forward, or `to` a later time. */
export type ClockAdvance = { seconds: number } | { to: string | Date };
