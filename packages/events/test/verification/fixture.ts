// Fixed clock and secrets shared by the verification tests.
export const NOW_MS = Date.UTC(2026, 10, 22, 12, 0, 0);
export const NOW_S = NOW_MS / 1000;
export const now = (): number => NOW_MS;

/** Two unrelated secrets, to stand for "the old and the new key" during a rotation. */
export const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
export const OTHER_SECRET = 'whsec_c2VjcmV0LW51bWJlci10d28tZm9yLXRlc3Rz';

export const BODY = '{"event_type":"daily.data.sleep.created","data":{"source":{"provider":"oura"}}}';
