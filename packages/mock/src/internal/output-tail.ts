// Written by hand: a string with its oldest part cut off past a size is a few lines, and no library of
// the workspace keeps one.

/** A process's output, kept from its start up to `startBytes`, then only its newest `tailBytes`. */
export class OutputTail {
  readonly #startBytes: number;
  readonly #tailBytes: number;
  #start = '';
  #tail = '';
  #dropped = 0;

  constructor(startBytes: number, tailBytes: number) {
    this.#startBytes = startBytes;
    this.#tailBytes = tailBytes;
  }

  add(text: string): void {
    if (this.#start.length < this.#startBytes && this.#dropped === 0 && this.#tail === '') {
      const room = this.#startBytes - this.#start.length;
      this.#start += text.slice(0, room);
      text = text.slice(room);
      if (text === '') return;
    }
    this.#tail += text;
    // Cut at twice the bound, so a long run pays one copy per `tailBytes` added, not one per chunk.
    if (this.#tail.length > 2 * this.#tailBytes) {
      const cut = this.#tail.length - this.#tailBytes;
      this.#dropped += cut;
      this.#tail = this.#tail.slice(cut);
    }
  }

  /** What is kept: the start, a line saying how much was dropped (if any), the newest part. */
  toString(): string {
    let tail = this.#tail;
    let dropped = this.#dropped;
    if (tail.length > this.#tailBytes) {
      dropped += tail.length - this.#tailBytes;
      tail = tail.slice(-this.#tailBytes);
    }
    return dropped === 0
      ? this.#start + tail
      : `${this.#start}\n[… ${dropped} characters dropped …]\n${tail}`;
  }
}
