/** A multipart body from a plain object: Blobs (files) as parts, arrays as repeated parts, objects as JSON. */
export function toFormData(body: Record<string, unknown>): FormData {
  // A form given as is (the typed path client's users build one) is sent as is, as openapi-fetch does.
  if (body instanceof FormData) return body;
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      form.append(
        name,
        item instanceof Blob ? item : typeof item === 'object' ? JSON.stringify(item) : String(item),
      );
    }
  }
  return form;
}
