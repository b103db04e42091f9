/** Where the sandbox's console is served (the rest of `/_sandbox/` is the control API). */
export const CONSOLE_PREFIX = '/_sandbox/console/';
