/** The fetch signature the client calls: a complete Request (method, headers, body, signal, redirect); `init` repeats signal and redirect. */
export type FetchLike = (input: Request, init?: RequestInit) => Promise<Response>;
