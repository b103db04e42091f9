// What a file field accepts. Modelled on openai-node's Uploadable: the byte containers users already
// hold, or one of them with a name and a type.

/** Bytes of a file: a Blob or File, a Uint8Array (Node Buffer), an ArrayBuffer, a web or Node readable stream, or any async iterable of bytes. */
export type UploadData =
  | Blob
  | Uint8Array
  | ArrayBuffer
  | ReadableStream<Uint8Array>
  | AsyncIterable<Uint8Array | ArrayBuffer>;

/** A file with its name and content type given explicitly. */
export interface FileInput {
  data: UploadData;
  /** Sent as the part's filename; default: the File's name, a Node file stream's base name, or `<field>.<subtype>`. */
  filename?: string;
  /** e.g. `application/pdf`; default: the Blob's type, else told from the first bytes. */
  contentType?: string;
}

/** What a file field of a request body accepts. */
export type Uploadable = UploadData | FileInput;
