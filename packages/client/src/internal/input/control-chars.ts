/** Whether text holds a control character (C0 or DEL): CR/LF would split a header, fetch refuses the rest. */
export function hasControlChar(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
