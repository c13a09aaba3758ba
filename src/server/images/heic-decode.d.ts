/** heic-decode 2 ships no types; this covers the two calls intake makes. */
declare module 'heic-decode' {
  export interface DecodedHeicImage {
    width: number;
    height: number;
    /** RGBA, 4 bytes per pixel, row-major. */
    data: Uint8ClampedArray;
  }

  export interface HeicImageHandle {
    width: number;
    height: number;
    decode(): Promise<DecodedHeicImage>;
  }

  /** Decodes the primary image. */
  function decode(input: { buffer: Uint8Array }): Promise<DecodedHeicImage>;

  namespace decode {
    /** Lists the images with their sizes without decoding; call `dispose` when done. */
    function all(input: { buffer: Uint8Array }): Promise<HeicImageHandle[] & { dispose(): void }>;
  }

  export default decode;
}
