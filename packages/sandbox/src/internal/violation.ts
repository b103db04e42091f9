/** One way a request or a response breaks the spec, named the way the mock names it. */
export interface Violation {
  location: string[];
  code: string;
  message: string;
}
