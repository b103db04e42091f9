// Which team a store holds data for, without ever storing the key: a one-way, labelled hash of it.
import { createHash } from 'node:crypto';
import { StoreTeamMismatchError, SyncInputError } from '../errors/errors.js';

// The label keeps this hash from equalling any other SHA-256 of the key someone else may compute.
const LABEL = 'svc-sync team fingerprint v1\n';
const FINGERPRINT = /^[0-9a-f]{16}$/;

/**
 * The fingerprint a store is bound to: 16 hex digits of a labelled SHA-256 of the API key. It names a
 * key without revealing it (a hash cannot be turned back into a key as random as the service issues).
 * Rotating the key changes it: bind the store to the new key with `svc-sync migrate --rebind-team`.
 */
export function teamFingerprint(apiKey: string): string {
  if (typeof apiKey !== 'string' || apiKey.trim() === '')
    throw new SyncInputError('teamFingerprint needs the team API key (a non-empty string)');
  return createHash('sha256').update(LABEL).update(apiKey).digest('hex').slice(0, 16);
}

/** Refuses anything but a fingerprint, so a key passed by mistake is never stored. */
export function assertFingerprint(fingerprint: string): void {
  if (typeof fingerprint !== 'string' || !FINGERPRINT.test(fingerprint))
    throw new SyncInputError(
      'a team fingerprint is 16 hex digits: pass teamFingerprint(apiKey), never the key itself',
    );
}

/**
 * What binding decides, given the fingerprint the store holds after recording one if it had none: the
 * same one passes, another is refused with both fingerprints and how to go on.
 */
export function checkTeamBinding(stored: string, fingerprint: string, where: string): void {
  if (stored === fingerprint) return;
  throw new StoreTeamMismatchError(
    `${where} belongs to another team: it is bound to the API key with fingerprint ${stored}, and the ` +
      `key in use has fingerprint ${fingerprint}. Use this team's own store, or, if your team rotated its ` +
      'key, bind the store to the new one: svc-sync migrate --store <address> --rebind-team (with the new ' +
      'key in SVC_API_KEY)',
    stored,
    fingerprint,
  );
}
