export declare const PRECOMPRESSED_HEADER: "x-culprit-content-encoding";
export declare function markFrontServerPresent(): void;
export declare function frontServerPresent(): boolean;
export type ContentCoding = "br" | "gzip" | "identity";
export declare function preferredEncoding(acceptEncoding: string | null | undefined): ContentCoding;
