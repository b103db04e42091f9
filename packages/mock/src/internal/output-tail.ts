// Written by hand: a string with its oldest part cut off past a size is a few lines, and no library of
// the workspace keeps one.

/** A process's output, kept from its start up to `startChars` characters, then only its newest `tailChars`. */
export class OutputTail {
  readonly #startChars: number;
  readonly #tailChars: number;
  #start = '';
  #tail = '';
  #dropped = 0;

  constructor(startChars: number, tailChars: number) {
    this.#startChars = startChars;
    this.#tailChars = tailChars;
  }

  add(text: string): void {
    if (this.#start.length < this.#startChars && this.#dropped === 0 && this.#tail === '') {
      const room = this.#startChars - this.#start.length;
      this.#start += text.slice(0, room);
      text = text.slice(room);
      if (text === '') return;
    }
    this.#tail += text;
    // Cut at twice the bound, so a long run pays one copy per `tailChars` added, not one per chunk.
    if (this.#tail.length > 2 * this.#tailChars) {
      const cut = this.#tail.length - this.#tailChars;
      this.#dropped += cut;
      this.#tail = this.#tail.slice(cut);
    }
  }

  /** What is kept: the start, a line saying how much was dropped (if any), the newest part. */
  toString(): string {
    let tail = this.#tail;
    let dropped = this.#dropped;
    if (tail.length > this.#tailChars) {
      dropped += tail.length - this.#tailChars;
      tail = tail.slice(-this.#tailChars);
    }
    return dropped === 0
      ? this.#start + tail
      : `${this.#start}\n[… ${dropped} characters dropped …]\n${tail}`;
  }
}
