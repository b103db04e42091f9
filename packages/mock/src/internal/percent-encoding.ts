/**
 * The part of a raw request target (`/path?query`) whose percent-encoding does not decode
 * (`%E0%A4%A`, a lone `%`), or undefined when every part decodes. Prism decodes the path with
 * `decodeURIComponent` outside any catch, so such a request would end the whole mock.
 */
export function malformedPercentEncoding(target: string): string | undefined {
  const queryAt = target.indexOf('?');
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  const query = queryAt === -1 ? '' : target.slice(queryAt + 1);
  const parts = [...path.split('/'), ...query.split(/[&=]/).map((part) => part.replace(/\+/g, ' '))];
  return parts.find((part) => {
    try {
      decodeURIComponent(part);
      return false;
    } catch {
      return true;
    }
  });
}
