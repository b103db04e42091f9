// Prints the operation table as readable TypeScript: short objects on one line, long ones spread.
// (Hoisting repeated rules into constants was measured: smaller minified, larger gzipped; not done.)

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const key = (name: string): string => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : `'${name}'`);

export function printLiteral(value: unknown, indent = ''): string {
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    const oneLine = `[${value.map((item) => printLiteral(item, indent)).join(', ')}]`;
    if (oneLine.length + indent.length <= 100 && !oneLine.includes('\n')) return oneLine;
    return `[\n${value.map((item) => `${inner}${printLiteral(item, inner)},`).join('\n')}\n${indent}]`;
  }
  if (!isObject(value))
    return typeof value === 'string' ? `'${value.replace(/['\\]/g, '\\$&')}'` : String(value);
  const members = Object.entries(value).map(([name, item]) => `${key(name)}: ${printLiteral(item, inner)}`);
  const oneLine = `{ ${members.join(', ')} }`;
  if (oneLine.length + indent.length <= 100 && !oneLine.includes('\n')) return oneLine;
  return `{\n${members.map((member) => `${inner}${member},`).join('\n')}\n${indent}}`;
}
