const PHASED_NAME = /^(historical|daily)\.([a-z0-9_]+)\.([^.]+)\.([a-z0-9_]+)$/;

/** The parts of a dotted event name. */
export interface EventNameParts {
  family: string;
  phase: string | null;
  resource: string | null;
  action: string | null;
}

/**
 * Splits an event name the way the catalogue does: `daily.data.sleep.created` → phase `daily`, family
 * `data`, resource `sleep`, action `created`; `provider.connection.created` → family `provider.connection`,
 * action `created`. Works on names the catalogue does not know.
 */
export function splitEventName(name: string): EventNameParts {
  const phased = PHASED_NAME.exec(name);
  if (phased) {
    const [, phase = null, family = '', resource = null, action = null] = phased;
    return { family, phase, resource, action };
  }
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return { family: name, phase: null, resource: null, action: null };
  return { family: name.slice(0, dot), phase: null, resource: null, action: name.slice(dot + 1) };
}
