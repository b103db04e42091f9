// The pieces every lifecycle machine is written with. `when` becomes the transition's description,
// the "when" column of the README's tables (lifecyclesMarkdown in lifecycle-graph.ts).

/** A transition to `target`, and what makes it happen: an API call, or the clock. */
export const to = <T extends string>(target: T, when: string) => ({ target, description: when });

/** A transition back into `target` that leaves and enters it again (a reschedule, a wrong code). */
export const again = <T extends string>(target: T, when: string) => ({
  target,
  reenter: true,
  description: when,
});

/** A final state and the wire values (`status`, …) it stands for. */
export const final = <M extends Record<string, string>>(meta: M) => ({ meta, type: 'final' as const });
