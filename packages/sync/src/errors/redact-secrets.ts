// What an error's message may carry that must never be shown or stored: keys, webhook secrets, and the
// password of an address. The client already redacts its own key; this covers what reaches the sync
// otherwise (a store's or a queue's message, a server's answer quoting a header).

const SECRET_TOKENS = /\b(sk|whsec)_[A-Za-z0-9_+/=-]{4,}/g;
// The user info ends at the authority's last @, as URL parsers (pg's included) read it: a password may
// hold an unencoded @, and stopping at the first would show the rest of it.
const URL_PASSWORD = /(\b[a-z][a-z0-9+.-]*:\/\/[^:/?#@\s]*:)[^/?#\s]*@/gi;
// A password given as a URL's query parameter (`postgres://svc@db/svc?password=…`, `sslpassword=…`).
const QUERY_PASSWORD = /([?&][^=&#\s]*password=)[^&#\s]*/gi;

/** `text` with key-like tokens, URL passwords and every `secrets` value replaced by `***`. */
export function redactSecrets(text: string, secrets: readonly (string | undefined)[] = []): string {
  let out = text
    .replace(SECRET_TOKENS, '$1_***')
    .replace(URL_PASSWORD, '$1***@')
    .replace(QUERY_PASSWORD, '$1***');
  for (const secret of secrets) if (secret && secret.length >= 4) out = out.split(secret).join('***');
  return out;
}
